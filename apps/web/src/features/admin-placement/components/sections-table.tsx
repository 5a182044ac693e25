import { Stack, Table, Text, Title } from '@mantine/core';
import type { PlacementBoard, PlacementPreview } from '@portal/domain/applications/placement-contracts.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

interface SectionsTableProps {
  groupings: PlacementBoard['groupings'];
  /** The preview's seats left per section, when there is a preview. */
  fill: PlacementPreview['fill'] | null;
}

const capacityText = (max: number | null) => (max === null ? 'No limit' : String(max));

/** Each ranked grouping's sections: capacity, seats taken by tickets, published places, and what is left after the preview. */
export function SectionsTable({ groupings, fill }: SectionsTableProps) {
  const after = new Map((fill ?? []).map((row) => [row.sectionId, row]));
  return (
    <Stack gap="md">
      {groupings.map((grouping) => (
        <Stack key={grouping.id} gap="xs">
          <Title order={3} size="h4">
            {grouping.pathName} · {grouping.name}
            {grouping.maxTickets === null ? '' : ` (at most ${grouping.maxTickets} together)`}
          </Title>
          <ResponsiveTable minWidth={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>Capacity</Table.Th>
                <Table.Th>Taken by tickets</Table.Th>
                <Table.Th>Placed</Table.Th>
                {fill ? <Table.Th>Left after placement</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grouping.sections.map((section) => {
                const row = after.get(section.id);
                return (
                  <Table.Tr key={section.id}>
                    <Table.Td>
                      <Text fw={500}>{section.title}</Text>
                    </Table.Td>
                    <Table.Td>{capacityText(section.maxTickets)}</Table.Td>
                    <Table.Td>{section.ticketSeats}</Table.Td>
                    <Table.Td>{section.placed}</Table.Td>
                    {fill ? (
                      <Table.Td>
                        {row?.remaining === null || row === undefined ? 'No limit' : row.remaining}
                        {row && row.change !== 0 ? ` (${row.change > 0 ? '+' : ''}${row.change} placed)` : ''}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        </Stack>
      ))}
    </Stack>
  );
}
