import { Table, Text } from '@mantine/core';
import { formatFileSize } from '@portal/domain/content/resources.ts';
import type { StaffToolkitDocument, StaffToolkitOutline } from '@portal/domain/content/toolkit.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { OrderButtons, RowActions } from './order-buttons.tsx';
import { placeName } from './outline-options.ts';

interface DocumentsTableProps {
  documents: StaffToolkitDocument[];
  outline: StaffToolkitOutline | undefined;
  /** Order buttons show when the list is one place's, in its order. */
  ordered: boolean;
  busy: boolean;
  onMove: (document: StaffToolkitDocument, direction: 'up' | 'down') => void;
  onEdit: (document: StaffToolkitDocument) => void;
  onDelete: (document: StaffToolkitDocument) => void;
}

export function DocumentsTable({ documents, outline, ordered, busy, onMove, onEdit, onDelete }: DocumentsTableProps) {
  return (
    <ResponsiveTable minWidth={640} withTableBorder striped verticalSpacing="sm" aria-label="Documents">
      <Table.Thead>
        <Table.Tr>
          {ordered ? <Table.Th scope="col">Order</Table.Th> : null}
          <Table.Th scope="col">Title</Table.Th>
          <Table.Th scope="col">Place</Table.Th>
          <Table.Th scope="col">File</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {documents.map((document, index) => (
          <Table.Tr key={document.id}>
            {ordered ? (
              <Table.Td>
                <OrderButtons
                  name={document.title}
                  first={index === 0}
                  last={index === documents.length - 1}
                  busy={busy}
                  onMove={(d) => onMove(document, d)}
                />
              </Table.Td>
            ) : null}
            <Table.Td>
              <Text fw={600} size="sm">
                {document.title}
              </Text>
              {document.description ? (
                <Text size="sm" lineClamp={2}>
                  {document.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{placeName(outline, document.categoryId, document.groupingId)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {document.fileName} ({formatFileSize(document.fileSize)})
            </Table.Td>
            <Table.Td>
              <RowActions name={document.title} onEdit={() => onEdit(document)} onDelete={() => onDelete(document)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
