import { Table, Text } from '@mantine/core';
import { formatMoment } from '@portal/domain/dates.ts';
import type { EventMessageRow } from '@portal/domain/events/event-messages.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** The event's sent messages: when, by whom, to whom, and how many mails were delivered, failed or wait. */
export function SentMessagesTable({ messages }: { messages: readonly EventMessageRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={820}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Sent</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Recipients</Table.Th>
          <Table.Th>Delivered</Table.Th>
          <Table.Th>Failed</Table.Th>
          <Table.Th>Waiting</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {messages.map((message) => (
          <Table.Tr key={message.id}>
            <Table.Td>{formatMoment(message.sentAt, timeZone)}</Table.Td>
            <Table.Td>{message.sentBy}</Table.Td>
            <Table.Td>{message.audienceLabel}</Table.Td>
            <Table.Td>
              <Text fw={500} size="sm">
                {message.subject}
              </Text>
            </Table.Td>
            <Table.Td>{message.recipientCount}</Table.Td>
            <Table.Td>{message.delivered}</Table.Td>
            <Table.Td>{message.failed}</Table.Td>
            <Table.Td>{message.pending}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
