import { Table } from '@mantine/core';
import { formatMomentDay } from '@portal/domain/dates.ts';
import type { AdminInvitationRow } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { organizationRoleLabels } from '@portal/domain/people/roles.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

const statusLabels: Record<AdminInvitationRow['status'], string> = {
  SENT: 'Sent',
  ACCEPTED: 'Accepted',
  CANCELLED: 'Cancelled',
};

/** Invitations sent for an organization or a district, newest as the API orders them. */
export function InvitationsTable({ invitations }: { invitations: readonly AdminInvitationRow[] }) {
  const timeZone = useProviderTimeZone();
  if (invitations.length === 0) return <EmptyState message="No invitations" />;

  return (
    <ResponsiveTable striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Sent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((invitation) => (
          <Table.Tr key={invitation.invitationId}>
            <Table.Td>{displayName(invitation)}</Table.Td>
            <Table.Td>
              <EmailAddress email={invitation.email} />
            </Table.Td>
            <Table.Td>{organizationRoleLabels[invitation.role]}</Table.Td>
            <Table.Td>{statusLabels[invitation.status]}</Table.Td>
            <Table.Td>{formatMomentDay(invitation.createdAt, timeZone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
