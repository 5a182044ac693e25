import { Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { displayName } from '@portal/domain/people.ts';
import type { AdminUserRow } from '@portal/domain/admin.ts';

const roleLabels: Record<AdminUserRow['role'], string> = { MEMBER: 'Member', STAFF: 'Staff' };

interface UsersTableProps {
  users: readonly AdminUserRow[];
  onViewAs: (user: AdminUserRow) => void;
  onSignInLink: (user: AdminUserRow) => void;
}

export function UsersTable({ users, onViewAs, onSignInLink }: UsersTableProps) {
  // The table scrolls inside its container on a phone; the page itself never grows wider than the screen.
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Organizations</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = displayName(user);
            return (
              <Table.Tr key={user.id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{roleLabels[user.role]}</Table.Td>
                <Table.Td>{user.organizations.join(', ')}</Table.Td>
                <Table.Td>
                  {user.role === 'MEMBER' && (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" aria-label={`View as ${name}`} onClick={() => onViewAs(user)}>
                        View as
                      </Button>
                      <Button size="xs" variant="default" aria-label={`Sign-in link for ${name}`} onClick={() => onSignInLink(user)}>
                        Sign-in link
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
