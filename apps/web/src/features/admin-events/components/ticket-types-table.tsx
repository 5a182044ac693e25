import { Button, Group, Table } from '@mantine/core';
import { formatCents } from '@portal/domain/money.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { eventChanges } from '../api/events.ts';
import { priceToText } from './text-values.ts';
import type { PartEdit } from './part-editor.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

interface TicketTypesTableProps {
  ticketTypes: StaffEventDetail['ticketTypes'];
  onEdit: (edit: PartEdit) => void;
  onDelete: (what: string, name: string, call: ReturnType<typeof eventChanges.deleteTicketType>) => void;
}

/** The event's ticket types and their prices, each editable; a new one is added below. */
export function TicketTypesTable({ ticketTypes, onEdit, onDelete }: TicketTypesTableProps) {
  return (
    <>
      {ticketTypes.length === 0 ? (
        <EmptyState message="No ticket types: members cannot buy tickets for this event yet" />
      ) : (
        <ResponsiveTable striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Price</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ticketTypes.map((ticketType) => (
              <Table.Tr key={ticketType.id}>
                <Table.Td>{ticketType.name}</Table.Td>
                <Table.Td>{formatCents(ticketType.priceCents)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit ticket type ${ticketType.name}`}
                      onClick={() =>
                        onEdit({
                          part: 'ticketType',
                          id: ticketType.id,
                          values: { name: ticketType.name, price: priceToText(ticketType.priceCents) },
                        })
                      }
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Delete ticket type ${ticketType.name}`}
                      onClick={() =>
                        onDelete('ticket type', ticketType.name, eventChanges.deleteTicketType(ticketType.id))
                      }
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      <Group>
        <Button
          variant="light"
          onClick={() => onEdit({ part: 'ticketType', id: null, values: { name: '', price: '' } })}
        >
          Add ticket type
        </Button>
      </Group>
    </>
  );
}
