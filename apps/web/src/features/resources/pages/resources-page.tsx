import { Anchor, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { resourceMessages, resourcePageSize } from '@portal/domain/content/resources.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListSearch } from '../../../lib/list-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { resourceListParams, resourcesQuery } from '../api/resources.ts';
import { ResourceCard } from '../components/resource-card.tsx';

export const resourcesLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    // A refusal (not attending) is the page's to show: the loader only starts the read.
    await queryClient.prefetchQuery(
      resourcesQuery(resourceListParams(params.eventId ?? '', new URL(request.url).searchParams)),
    );
    return null;
  };

/**
 * /members/events/{eventId}/resources (events.md §2 'Event resources'): the event's resources the
 * member may see, searched (300 ms after typing stops, §9) and paged. 'No resources found' when none.
 */
export function ResourcesPage() {
  const eventId = useParams().eventId ?? '';
  const [searchParams] = useSearchParams();
  const search = useListSearch();
  const params = resourceListParams(eventId, searchParams);
  const resources = useQuery(resourcesQuery(params));
  const data = resources.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / resourcePageSize)) : 1;

  return (
    <Stack gap="md">
      {params.eaId ? (
        <Anchor component={Link} to={applicationPaths.list} size="sm">
          Back to My Event Applications
        </Anchor>
      ) : null}
      <Stack gap="2xs">
        <Title order={1}>Resources</Title>
        {data ? (
          <Text>
            {data.event.name}
            {data.section ? ` · ${data.section.title}` : ''}
          </Text>
        ) : null}
      </Stack>
      <TextInput
        label="Search resources"
        description="Title or description"
        type="search"
        value={search.input}
        onChange={(event) => search.setInput(event.currentTarget.value)}
        w={420}
        maw="100%"
      />
      {resources.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading resources">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={96} />
          ))}
        </Stack>
      ) : resources.isError ? (
        <ErrorState
          title="Could not load resources"
          message={errorMessage(resources.error)}
          onRetry={() => void resources.refetch()}
        />
      ) : resources.data.items.length === 0 ? (
        <EmptyState message={resourceMessages.empty} />
      ) : (
        <>
          <Stack gap="sm" aria-busy={resources.isPlaceholderData}>
            {resources.data.items.map((resource) => (
              <ResourceCard key={resource.id} eventId={eventId} resource={resource} />
            ))}
          </Stack>
          <ListFooter
            total={resources.data.total}
            noun={['resource', 'resources']}
            totalPages={totalPages}
            page={params.page}
            onPage={search.goToPage}
            announce
          />
        </>
      )}
    </Stack>
  );
}
