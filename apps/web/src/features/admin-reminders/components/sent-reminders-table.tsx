import { Table } from '@mantine/core';
import { formatMoment, formatUsDate } from '@portal/domain/dates.ts';
import type { SentReminderRow } from '@portal/domain/events/reminders.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** Each occasion's reminders: what, for which day, when last sent, and how many mails were delivered. */
export function SentRemindersTable({ reminders }: { reminders: readonly SentReminderRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={760}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Sent</Table.Th>
          <Table.Th>Reminder</Table.Th>
          <Table.Th>For</Table.Th>
          <Table.Th>Recipients</Table.Th>
          <Table.Th>Delivered</Table.Th>
          <Table.Th>Failed</Table.Th>
          <Table.Th>Waiting</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reminders.map((row) => (
          <Table.Tr key={`${row.kind}-${row.occasion}`}>
            <Table.Td>{formatMoment(row.sentAt, timeZone)}</Table.Td>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td>{formatUsDate(row.occasion)}</Table.Td>
            <Table.Td>{row.recipientCount}</Table.Td>
            <Table.Td>{row.delivered}</Table.Td>
            <Table.Td>{row.failed}</Table.Td>
            <Table.Td>{row.pending}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
