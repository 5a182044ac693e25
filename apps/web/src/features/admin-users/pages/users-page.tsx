import { Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { openConfirmModal } from '@mantine/modals';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { displayName } from '@portal/domain/people/names.ts';
import type { AdminUserRow } from '@portal/domain/people/admin-users.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { adminUsersPageSize, adminUsersParams, adminUsersQuery } from '../api/admin-users.ts';
import { useImpersonate } from '../api/impersonate.ts';
import { useSignInLink } from '../api/sign-in-link.ts';
import { SignInLinkModal, type IssuedSignInLink } from '../components/sign-in-link-modal.tsx';
import { UsersTable } from '../components/users-table.tsx';

/** Starts loading the page of users the URL asks for together with this screen's code. */
export const usersLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminUsersQuery(adminUsersParams(new URL(request.url).searchParams)));
    return null;
  };

/** /admin/users: find a user (search and pages live in the URL), view the portal as them or issue them a sign-in link. */
export function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = adminUsersParams(searchParams);
  const users = useQuery(adminUsersQuery(params));
  const me = useCurrentUser();
  const impersonate = useImpersonate();
  const signInLink = useSignInLink();
  const [issuedLink, setIssuedLink] = useState<IssuedSignInLink | null>(null);

  const [search, setSearch] = useState(params.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debouncedSearch === params.search) return;
    // A new search starts again at page 1.
    setSearchParams(debouncedSearch ? { search: debouncedSearch } : {}, { replace: true });
  }, [debouncedSearch, params.search, setSearchParams]);

  const goToPage = (page: number) =>
    setSearchParams({ ...(params.search ? { search: params.search } : {}), page: String(page) });

  const confirmViewAs = (user: AdminUserRow) => {
    const name = displayName(user);
    openConfirmModal({
      title: `View as ${name}?`,
      children: (
        <Text size="sm">
          You will see the members portal as {name} sees it. Clear Impersonation ends this session and returns you to
          sign in.
        </Text>
      ),
      labels: { confirm: 'Start viewing', cancel: 'Cancel' },
      onConfirm: () => impersonate.mutate(user.id),
    });
  };

  const issueSignInLink = (user: AdminUserRow) =>
    signInLink.mutate(user.id, { onSuccess: ({ url }) => setIssuedLink({ name: displayName(user), url }) });

  const totalPages = users.data ? Math.max(1, Math.ceil(users.data.total / adminUsersPageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Users</Title>
        <ExportMenu path="/api/admin/users/export" filters={{ search: params.search }} noun="users" />
      </Group>
      <TextInput
        label="Search users"
        description="Name or email"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading users">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : users.isError ? (
        <ErrorState message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState message="No users found" />
      ) : (
        <>
          <UsersTable
            users={users.data.items}
            currentUserId={me?.id}
            onViewAs={confirmViewAs}
            onSignInLink={issueSignInLink}
          />
          <ListFooter
            total={users.data.total}
            noun={['user', 'users']}
            totalPages={totalPages}
            page={params.page}
            onPage={goToPage}
          />
        </>
      )}
      <SignInLinkModal link={issuedLink} onClose={() => setIssuedLink(null)} />
    </Stack>
  );
}
