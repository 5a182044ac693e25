import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminApplicationRow } from '@portal/domain/applications/contracts.ts';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { paymentStatusText } from './labels.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** The review queue: who applied to which event, where the application stands; each opens its detail. */
export function ApplicationsTable({ applications }: { applications: readonly AdminApplicationRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={900} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Applicant</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Payment status</Table.Th>
          <Table.Th scope="col">Submitted</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {applications.map((application) => (
          <Table.Tr key={application.id}>
            <Table.Th scope="row">
              <Anchor component={Link} to={`/admin/applications/${encodeURIComponent(application.id)}`} size="sm">
                {application.applicant.firstName} {application.applicant.lastName}
              </Anchor>
            </Table.Th>
            <Table.Td>
              <EmailAddress email={application.applicant.email} />
            </Table.Td>
            <Table.Td>{application.event.name}</Table.Td>
            <Table.Td>
              <ApplicationStatusBadge status={application.status} />
            </Table.Td>
            <Table.Td>{paymentStatusText(application.status, application.paymentStatus)}</Table.Td>
            <Table.Td>{application.submittedAt ? formatMomentDay(application.submittedAt, timeZone) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
