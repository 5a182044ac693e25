import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { displayName } from '@portal/domain/people/names.ts';
import { userRoleDescriptions, type AdminUserRow } from '@portal/domain/people/admin-users.ts';
import { toolkitPaths } from '@portal/domain/content/toolkit.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

interface UsersTableProps {
  users: readonly AdminUserRow[];
  /** The staff member reading the list: their own row offers nothing to do (the server refuses it too). */
  currentUserId: string | undefined;
  onViewAs: (user: AdminUserRow) => void;
  onSignInLink: (user: AdminUserRow) => void;
}

export function UsersTable({ users, currentUserId, onViewAs, onSignInLink }: UsersTableProps) {
  return (
    <ResponsiveTable minWidth={720} striped withTableBorder verticalSpacing="sm" aria-label="Users">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const name = displayName(user);
          // Staff accounts cannot be viewed as, oneself included.
          const actionable = user.role === 'MEMBER' && user.id !== currentUserId;
          return (
            <Table.Tr key={user.id}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>
                <EmailAddress email={user.email} />
              </Table.Td>
              <Table.Td>
                <Stack gap="3xs">
                  {userRoleDescriptions(user).map((description) => (
                    <Text key={description} size="sm">
                      {description}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                {actionable && (
                  <Group gap="xs">
                    <Button size="xs" variant="default" aria-label={`View as ${name}`} onClick={() => onViewAs(user)}>
                      View as
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Sign-in link for ${name}`}
                      onClick={() => onSignInLink(user)}
                    >
                      Sign-in link
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={toolkitPaths.adminUser(user.id)}
                      aria-label={`Toolkit access of ${name}`}
                    >
                      Toolkit access
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
