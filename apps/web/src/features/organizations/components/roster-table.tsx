import { Button, Group, Table, Text } from '@mantine/core';
import { displayName } from '@portal/domain/people/names.ts';
import {
  rosterControls,
  rosterMessages,
  showsAdminColumn,
  type RosterPage,
  type RosterRow,
} from '@portal/domain/organizations/roster.ts';
import { organizationRoleLabels } from '@portal/domain/people/roles.ts';
import type { RosterActions } from '../hooks/use-roster-actions.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

interface RosterTableProps {
  roster: RosterPage;
  actions: RosterActions;
}

function AdminCell({ row, allowed, actions }: { row: RosterRow; allowed: boolean; actions: RosterActions }) {
  const name = displayName(row);
  if (!allowed) return <Text size="sm">{row.pending ? '' : organizationRoleLabels[row.role]}</Text>;
  const isAdmin = row.role === 'ADMIN';
  return (
    <Group gap="xs">
      <Text size="sm">{organizationRoleLabels[row.role]}</Text>
      <Button
        size="compact-xs"
        variant="default"
        disabled={actions.pending}
        aria-label={`${isAdmin ? 'Remove admin' : 'Make admin'} (${name})`}
        onClick={() => actions.changeAdmin(row)}
      >
        {isAdmin ? 'Remove admin' : 'Make admin'}
      </Button>
    </Group>
  );
}

/** The toolkit column reads as the state, then what can be done about it: "Toolkit: Yes · Remove access". */
function ToolkitCell({ row, allowed, actions }: { row: RosterRow; allowed: boolean; actions: RosterActions }) {
  const name = displayName(row);
  return (
    <Group gap="xs">
      <Text size="sm">Toolkit: {row.toolKitAccess ? 'Yes' : 'No'}</Text>
      {allowed ? (
        <>
          <Text size="sm" aria-hidden>
            ·
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={actions.pending}
            // The name starts with the visible words, as speech input users say them (WCAG 2.5.3).
            aria-label={`${row.toolKitAccess ? 'Remove' : 'Grant'} access to the toolkit for ${name}`}
            onClick={() => actions.changeToolkit(row)}
          >
            {row.toolKitAccess ? 'Remove access' : 'Grant access'}
          </Button>
        </>
      ) : null}
    </Group>
  );
}

/**
 * Members and pending invitees. The Admin column is the OWNER's alone, and the OWNER's own row has
 * no controls (organizations.md §2, §6); which controls a row offers is `rosterControls`.
 */
export function RosterTable({ roster, actions }: RosterTableProps) {
  const withAdmin = showsAdminColumn(roster.viewerRole);

  return (
    <ResponsiveTable minWidth={900} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Position</Table.Th>
          <Table.Th scope="col">Grades</Table.Th>
          <Table.Th scope="col">Toolkit access</Table.Th>
          {withAdmin ? <Table.Th scope="col">Admin</Table.Th> : null}
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {roster.items.map((row) => {
          const controls = rosterControls(roster.viewerRole, row);
          const name = displayName(row);
          return (
            <Table.Tr key={row.membershipId ?? row.invitationId ?? row.userId}>
              <Table.Td>
                <Group gap="2xs">
                  <Text size="sm">{name}</Text>
                  {row.pending ? <StatusBadge tone="action">{rosterMessages.pending}</StatusBadge> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <EmailAddress email={row.email} />
              </Table.Td>
              <Table.Td>{row.positionLabel ?? ''}</Table.Td>
              <Table.Td>{row.grades.join(', ')}</Table.Td>
              <Table.Td>
                <ToolkitCell row={row} allowed={controls.toolkit} actions={actions} />
              </Table.Td>
              {withAdmin ? (
                <Table.Td>
                  <AdminCell row={row} allowed={controls.admin} actions={actions} />
                </Table.Td>
              ) : null}
              <Table.Td>
                {controls.delete ? (
                  <Button
                    size="compact-xs"
                    variant="outline"
                    // red.9: the theme's red.8 on a striped row is below 4.5:1 for small text.
                    color="red.9"
                    disabled={actions.pending}
                    aria-label={`Delete ${name}`}
                    onClick={() => actions.remove(row)}
                  >
                    Delete
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
