import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, redirect, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { homePath } from '@portal/domain/navigation.ts';
import { isApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { lookupsQuery } from '../../../lib/lookups.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { rosterPageSize, rosterQuery } from '../api/roster.ts';
import { AddStaffDrawer } from '../components/add-staff-drawer.tsx';
import { RosterTable } from '../components/roster-table.tsx';
import { useRosterActions } from '../hooks/use-roster-actions.tsx';

/** Not the OWNER or an ADMIN of this organization: the API says 404 (or 403), and the member goes home. */
const refused = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

/** The roster guard (organizations.md §2): only its OWNER or ADMIN get in; others go to their profile. */
export const schoolRosterLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(lookupsQuery);
    const query = rosterQuery(params.organizationId ?? '', listParams(new URL(request.url).searchParams));
    try {
      await queryClient.ensureQueryData(query);
    } catch (error) {
      if (refused(error)) return redirect(homePath);
    }
    return null;
  };

/** /members/organization/{organizationId}/school-roster: staff, invitations, admin and toolkit access. */
export function SchoolRosterPage() {
  const organizationId = useParams().organizationId ?? '';
  const { params, input, setInput, goToPage } = useListSearch();
  const roster = useQuery(rosterQuery(organizationId, params));
  const viewer = useCurrentUser();
  const actions = useRosterActions(organizationId, viewer?.id);
  const [adding, drawer] = useDisclosure(false);
  const navigate = useNavigate();

  // Access lost while the page is open (made a member by someone else): the same way out.
  const lostAccess = refused(roster.error);
  useEffect(() => {
    if (lostAccess) void navigate(homePath, { replace: true });
  }, [lostAccess, navigate]);

  const totalPages = roster.data ? Math.max(1, Math.ceil(roster.data.total / rosterPageSize)) : 1;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/members/organization/${organizationId}`} size="sm">
        Back to organization
      </Anchor>
      <Title order={1}>School Roster</Title>
      {roster.data ? <Text fw={600}>{roster.data.organizationName}</Text> : null}
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search staff"
          description="Name or email"
          type="search"
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Group gap="sm">
          <ExportMenu
            path={`/api/organizations/${encodeURIComponent(organizationId)}/roster/export`}
            filters={{ search: params.search }}
            noun="roster"
          />
          <Button onClick={drawer.open}>Add staff member</Button>
        </Group>
      </Group>
      {roster.isPending || lostAccess ? (
        <PageLoader label="Loading roster" />
      ) : roster.isError ? (
        <ErrorState message={errorMessage(roster.error)} onRetry={() => void roster.refetch()} />
      ) : roster.data.items.length === 0 ? (
        <EmptyState message="No staff members found" />
      ) : (
        <>
          <RosterTable roster={roster.data} actions={actions} />
          <ListFooter
            total={roster.data.total}
            noun={['person', 'people']}
            totalPages={totalPages}
            page={params.page}
            onPage={goToPage}
          />
        </>
      )}
      <AddStaffDrawer organizationId={organizationId} opened={adding} onClose={drawer.close} />
    </Stack>
  );
}
