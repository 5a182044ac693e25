import { Table, Text } from '@mantine/core';
import type { StaffToolkitCategory, StaffToolkitOutline } from '@portal/domain/content/toolkit.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { audienceText } from './audience-field.tsx';
import { OrderButtons, RowActions } from './order-buttons.tsx';
import { groupingRows, type GroupingRow } from './outline-options.ts';

interface TableProps<T> {
  busy: boolean;
  onMove: (row: T, direction: 'up' | 'down') => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

export function CategoriesTable({
  categories,
  busy,
  onMove,
  onEdit,
  onDelete,
}: TableProps<StaffToolkitCategory> & { categories: StaffToolkitCategory[] }) {
  return (
    <ResponsiveTable minWidth={640} withTableBorder striped verticalSpacing="sm" aria-label="Categories">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Shown to</Table.Th>
          <Table.Th scope="col">Documents</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {categories.map((category, index) => (
          <Table.Tr key={category.id}>
            <Table.Td>
              <OrderButtons
                name={category.name}
                first={index === 0}
                last={index === categories.length - 1}
                busy={busy}
                onMove={(d) => onMove(category, d)}
              />
            </Table.Td>
            <Table.Td>{category.name}</Table.Td>
            <Table.Td>{audienceText(category.audience)}</Table.Td>
            <Table.Td>{category.documentCount}</Table.Td>
            <Table.Td>
              <RowActions name={category.name} onEdit={() => onEdit(category)} onDelete={() => onDelete(category)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** Groupings depth first; a child is indented under its parent and moves only among its siblings. */
export function GroupingsTable({
  outline,
  busy,
  onMove,
  onEdit,
  onDelete,
}: TableProps<GroupingRow> & { outline: StaffToolkitOutline }) {
  const rows = groupingRows(outline.groupings);
  return (
    <ResponsiveTable minWidth={640} withTableBorder striped verticalSpacing="sm" aria-label="Groupings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Title</Table.Th>
          <Table.Th scope="col">Shown to</Table.Th>
          <Table.Th scope="col">Documents</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <OrderButtons
                name={row.path}
                first={row.first}
                last={row.last}
                busy={busy}
                onMove={(d) => onMove(row, d)}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm" pl={row.depth * 16}>
                {row.depth > 0 ? <span aria-hidden="true">↳ </span> : null}
                {row.title}
              </Text>
              {row.depth > 0 ? (
                <Text size="xs" c="dimmed">
                  In {row.path.slice(0, row.path.lastIndexOf(' › '))}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{audienceText(row.audience)}</Table.Td>
            <Table.Td>{row.documentCount}</Table.Td>
            <Table.Td>
              <RowActions name={row.path} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
