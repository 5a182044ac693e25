import { Anchor, Group, List, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatFileSize } from '@portal/domain/content/resources.ts';
import { selectedVideoOf, videoCollectionMessages, type Video } from '@portal/domain/content/video-collections.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FavouriteToggle } from '../../../shared/favourites/favourite-toggle.tsx';
import { videoCollectionKeys, videoCollectionQuery } from '../api/video-collections.ts';
import { VideoPlayer } from '../components/video-player.tsx';

export const videoCollectionLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(videoCollectionQuery(params.collectionName ?? ''));
    return null;
  };

/**
 * /members/video-collection/{collectionName}?selectedVideo= (organizations.md §2 'Video collection'):
 * the selected video in the player with its documents, and the collection's videos as a list of
 * buttons (Tab and Enter or Space choose one); the choice is kept in the URL.
 */
export function VideoCollectionPage() {
  const slug = useParams().collectionName ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const collection = useQuery(videoCollectionQuery(slug));

  if (collection.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading videos">
        <Skeleton height={32} width={240} />
        <Skeleton height={500} />
      </Stack>
    );
  }
  if (collection.isError) {
    return (
      <ErrorState
        title="Could not load this video collection"
        message={errorMessage(collection.error)}
        onRetry={() => void collection.refetch()}
      />
    );
  }
  const { name, description, videos } = collection.data;
  const selected = selectedVideoOf(videos, searchParams.get('selectedVideo'));
  const choose = (video: Video) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('selectedVideo', video.id);
      return next;
    });

  return (
    <Stack gap="md">
      <Stack gap="2xs">
        <Title order={1}>{name}</Title>
        {description ? <Text>{description}</Text> : null}
      </Stack>
      {selected ? (
        <Stack gap="md">
          <VideoPlayer video={selected} />
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {selected.title}
              </Title>
              <FavouriteToggle
                targetType="video"
                targetId={selected.id}
                title={selected.title}
                isFavorited={selected.isFavorited}
                invalidates={[videoCollectionKeys.collection(slug)]}
              />
            </Group>
            {selected.description ? (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{selected.description}</Text>
            ) : null}
            {selected.documents.length > 0 ? (
              <section aria-labelledby="video-documents">
                <Title order={3} size="h5" id="video-documents">
                  Documents
                </Title>
                <List spacing="2xs">
                  {selected.documents.map((document) => (
                    <List.Item key={document.id}>
                      <Anchor href={document.downloadLink} download={document.fileName}>
                        {document.title}
                      </Anchor>{' '}
                      <Text span size="sm" c="dimmed">
                        PDF, {formatFileSize(document.fileSize)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </section>
            ) : null}
          </Stack>
          <nav aria-labelledby="collection-videos">
            <Title order={2} size="h4" id="collection-videos" mb="xs">
              Videos in this collection
            </Title>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {videos.map((video) => {
                const current = video.id === selected.id;
                return (
                  <li key={video.id}>
                    <UnstyledButton
                      onClick={() => choose(video)}
                      aria-current={current ? 'true' : undefined}
                      w="100%"
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    >
                      <Paper
                        withBorder
                        p="sm"
                        radius="md"
                        bg={current ? 'var(--mantine-primary-color-light)' : undefined}
                      >
                        <Text fw={current ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                          {video.title}
                        </Text>
                        {current ? (
                          <Text size="xs" c="dimmed">
                            Now playing
                          </Text>
                        ) : null}
                      </Paper>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </nav>
        </Stack>
      ) : (
        <EmptyState message={videoCollectionMessages.noVideos} />
      )}
    </Stack>
  );
}
