import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  favouriteMessages,
  savedResourcePageSize,
  savedResourceTypeLabels,
  type SavedResource,
} from '@portal/domain/content/favourites.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { savedResourcesQuery } from '../../../shared/favourites/api.ts';
import { FavouriteToggle } from '../../../shared/favourites/favourite-toggle.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';

const pageOf = (searchParams: URLSearchParams) => {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function SavedResourceCard({ resource }: { resource: SavedResource }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{resource.title}</Text>
          <Badge variant="default" style={{ flexShrink: 0 }}>
            {savedResourceTypeLabels[resource.type]}
          </Badge>
        </Group>
        {resource.collection ? <Text size="sm">Collection: {resource.collection}</Text> : null}
        <Group gap="sm" justify="space-between">
          {resource.downloadLink ? (
            <Anchor href={resource.downloadLink} size="sm" aria-label={`Download ${resource.title}`}>
              Download
            </Anchor>
          ) : resource.openLink ? (
            <Anchor href={resource.openLink} size="sm" aria-label={`Watch ${resource.title}`}>
              Watch
            </Anchor>
          ) : (
            <span />
          )}
          <FavouriteToggle
            targetType={resource.targetType}
            targetId={resource.id}
            title={resource.title}
            isFavorited={resource.isFavorited}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /members/my-saved-resources (organizations.md §2 'Toolkit'): what the member saved, with type,
 * download link, collection and the favourite toggle; 'No saved resources found' when none.
 */
export function MySavedResourcesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const saved = useQuery(savedResourcesQuery(page));
  const totalPages = saved.data ? Math.max(1, Math.ceil(saved.data.total / savedResourcePageSize)) : 1;

  return (
    <Stack gap="lg">
      <Title order={1}>My Saved Resources</Title>
      {saved.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading saved resources">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={88} />
          ))}
        </Stack>
      ) : saved.isError ? (
        <ErrorState
          title="Could not load your saved resources"
          message={errorMessage(saved.error)}
          onRetry={() => void saved.refetch()}
        />
      ) : saved.data.items.length === 0 ? (
        <EmptyState
          message={favouriteMessages.empty}
          action={{ label: 'Open Treasure Chest', to: '/members/treasure-chest' }}
        />
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Saved resources"
            aria-busy={saved.isPlaceholderData}
          >
            {saved.data.items.map((resource) => (
              <SavedResourceCard key={`${resource.targetType}:${resource.id}`} resource={resource} />
            ))}
          </Stack>
          <ListFooter
            total={saved.data.total}
            noun={['saved resource', 'saved resources']}
            totalPages={totalPages}
            page={page}
            onPage={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
            announce
          />
        </>
      )}
    </Stack>
  );
}
