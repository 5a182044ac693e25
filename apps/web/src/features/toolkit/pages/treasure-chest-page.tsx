import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { nestGroupings, toolkitMessages } from '@portal/domain/content/toolkit.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { treasureChestQuery } from '../api/treasure-chest.ts';
import { DocumentList } from '../components/document-item.tsx';
import { GroupingSection } from '../components/grouping-section.tsx';

/**
 * /members/treasure-chest (organizations.md §2 'Toolkit'): the categories with their documents, then
 * the groupings with their nested child groups and documents, as the member's flags open them.
 */
export function TreasureChestPage() {
  const chest = useQuery(treasureChestQuery);
  const groupings = chest.data ? nestGroupings(chest.data.groupings) : [];

  return (
    <Stack gap="lg">
      <Title order={1}>{toolkitMessages.pageTitle}</Title>
      {chest.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the Treasure Chest">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={88} />
          ))}
        </Stack>
      ) : chest.isError ? (
        <ErrorState
          title="Could not load the Treasure Chest"
          message={errorMessage(chest.error)}
          onRetry={() => void chest.refetch()}
        />
      ) : chest.data.categories.length === 0 && groupings.length === 0 ? (
        <EmptyState message={toolkitMessages.empty} />
      ) : (
        <>
          {chest.data.categories.map((category) => (
            <Stack key={category.id} component="section" gap="sm" aria-label={category.name}>
              <Title order={2} size="h3">
                {category.name}
              </Title>
              {category.documents.length === 0 ? <Text size="sm">No documents in this category yet.</Text> : null}
              <DocumentList documents={category.documents} label={`Documents in ${category.name}`} />
            </Stack>
          ))}
          {groupings.map((grouping) => (
            <GroupingSection key={grouping.id} grouping={grouping} level={0} />
          ))}
        </>
      )}
    </Stack>
  );
}
