import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SignInProviderRow } from '@portal/domain/people/school-sign-in.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { providersPageSize, signInProvidersQuery } from '../api/sign-in-providers.ts';
import { ProviderFormModal } from '../components/provider-form-modal.tsx';

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export const signInProvidersLoader =
  (queryClient: QueryClient) =>
  async ({ request }: { request: Request }) => {
    await queryClient.prefetchQuery(signInProvidersQuery(pageOf(new URL(request.url).searchParams)));
    return null;
  };

function ProvidersTable({
  providers,
  onEdit,
}: {
  providers: SignInProviderRow[];
  onEdit: (row: SignInProviderRow) => void;
}) {
  return (
    <ResponsiveTable minWidth={860} striped aria-label="Sign-in providers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Provider</Table.Th>
          <Table.Th scope="col">Email domains</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">People</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {providers.map((provider) => (
          <Table.Tr key={provider.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {provider.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {provider.issuerUrl}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {provider.domains.map((domain) => (
                  <Text key={domain.domain} size="sm">
                    {domain.domain}
                    {domain.required ? ' (required)' : ''}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              <StatusBadge tone={provider.enabled ? 'paid' : 'cancelled'}>
                {provider.enabled ? 'On' : 'Off'}
              </StatusBadge>
            </Table.Td>
            <Table.Td>{provider.signIns}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => onEdit(provider)} aria-label={`Edit ${provider.name}`}>
                Edit
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** /admin/sign-in-providers: the schools' own sign-ins (OpenID Connect) and the domains each serves. */
export function SignInProvidersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const providers = useQuery(signInProvidersQuery(page));
  // The provider being edited, 'new' while one is added, null when the form is closed.
  const [editing, setEditing] = useState<SignInProviderRow | 'new' | null>(null);

  const setPage = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Sign-in providers</Title>
          <Text size="sm" c="dimmed" maw={640}>
            Schools sign their staff in with their own accounts (Google Workspace, Microsoft Entra ID, Clever,
            ClassLink) through OpenID Connect. Everyone else keeps their password.
          </Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>Add provider</Button>
      </Group>
      {providers.isPending ? (
        <PageLoader label="Loading sign-in providers" />
      ) : providers.isError ? (
        <ErrorState message={errorMessage(providers.error)} onRetry={() => void providers.refetch()} />
      ) : providers.data.items.length === 0 ? (
        <EmptyState message="No sign-in providers yet. Everyone signs in with a password." />
      ) : (
        <>
          <ProvidersTable providers={providers.data.items} onEdit={setEditing} />
          <ListFooter
            total={providers.data.total}
            noun={['provider', 'providers']}
            totalPages={Math.ceil(providers.data.total / providersPageSize)}
            page={page}
            onPage={setPage}
          />
        </>
      )}
      {editing !== null ? (
        <ProviderFormModal
          key={editing === 'new' ? 'new' : editing.id}
          provider={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
