import { Badge, Group, Select, Table, Text } from '@mantine/core';
import type { AdminMembershipRow } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { organizationRoleLabels, organizationRoles, type OrganizationRole } from '@portal/domain/people/roles.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

const roleOptions = organizationRoles.map((role) => ({ value: role, label: organizationRoleLabels[role] }));

interface MembershipsTableProps {
  memberships: readonly AdminMembershipRow[];
  /** When given, each active membership's role is a select that asks for this change. */
  onRoleChange?: (membership: AdminMembershipRow, role: OrganizationRole) => void;
  busy?: boolean;
}

function isRole(value: string | null): value is OrganizationRole {
  return organizationRoles.some((role) => role === value);
}

/** Memberships of an organization or a district, archived ones marked. */
export function MembershipsTable({ memberships, onRoleChange, busy = false }: MembershipsTableProps) {
  if (memberships.length === 0) return <EmptyState message="No members" />;

  return (
    <ResponsiveTable striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {memberships.map((membership) => {
          const name = displayName(membership);
          return (
            <Table.Tr key={membership.membershipId}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{name}</Text>
                  {membership.archived ? (
                    <Badge variant="light" color="gray" c="dark">
                      Archived
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <EmailAddress email={membership.email} />
              </Table.Td>
              <Table.Td>
                {onRoleChange && !membership.archived ? (
                  <Select
                    aria-label={`Role of ${name}`}
                    data={roleOptions}
                    value={membership.role}
                    allowDeselect={false}
                    disabled={busy}
                    maw={160}
                    onChange={(role: string | null) => {
                      if (isRole(role) && role !== membership.role) onRoleChange(membership, role);
                    }}
                  />
                ) : (
                  organizationRoleLabels[membership.role]
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
