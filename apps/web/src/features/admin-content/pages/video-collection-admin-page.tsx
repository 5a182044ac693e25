import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  videoCollectionMessages,
  videoCollectionPaths,
  type VideoCollection,
} from '@portal/domain/content/video-collections.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { collectionQuery, useContentDelete, useUpdateCollection } from '../api/content.ts';
import { DocumentForm, VideoForm } from '../components/video-forms.tsx';

/** /admin/video-collections/{id}: the collection's name and address, its videos in order, and each video's PDFs. */
export function VideoCollectionAdminPage() {
  const id = useParams().collectionId ?? '';
  const collection = useQuery(collectionQuery(id));
  if (isApiError(collection.error, 404)) return <NotFound />;
  if (collection.isPending) return <Skeleton height={200} role="status" aria-label="Loading the collection" />;
  if (collection.isError)
    return <ErrorState message={errorMessage(collection.error)} onRetry={() => void collection.refetch()} />;
  return <Collection collection={collection.data} />;
}

function confirm(title: string, message: string, onConfirm: () => void) {
  openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}

function Collection({ collection }: { collection: VideoCollection }) {
  const navigate = useNavigate();
  const update = useUpdateCollection(collection.id);
  const remove = useContentDelete();
  const [editingVideo, setEditingVideo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: collection.name, slug: collection.slug, description: collection.description },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: videoCollectionMessages.collectionSaved }),
      onError: (error) => void showSubmitError(form, error),
    }),
  );
  const deleted = (message: string, after?: () => void) => ({
    onSuccess: () => {
      notifications.show({ color: 'green', message });
      after?.();
    },
    onError: notifyError,
  });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/video-collections" size="sm">
        Back to video collections
      </Anchor>
      <Title order={1}>{collection.name}</Title>
      <Anchor component={Link} to={videoCollectionPaths.page(collection.slug)} size="sm">
        Open the members’ page
      </Anchor>
      <form onSubmit={submit} noValidate aria-label="Collection">
        <Stack gap="sm" maw={480}>
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Address" withAsterisk {...form.getInputProps('slug')} />
          <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save collection
            </Button>
            <Button
              variant="default"
              color="red.9"
              onClick={() =>
                confirm(`Delete ${collection.name}?`, videoCollectionMessages.collectionDeleteConfirm, () =>
                  remove.mutate(
                    `/api/admin/video-collections/${collection.id}`,
                    deleted(videoCollectionMessages.collectionDeleted, () => void navigate('/admin/video-collections')),
                  ),
                )
              }
            >
              Delete collection
            </Button>
          </Group>
        </Stack>
      </form>
      <Title order={2} size="h3">
        Videos
      </Title>
      {collection.videos.length === 0 ? <Text size="sm">{videoCollectionMessages.noVideos}</Text> : null}
      {collection.videos.map((video) => (
        <Paper key={video.id} withBorder p="md" radius="md" component="section" aria-label={video.title}>
          {editingVideo === video.id ? (
            <VideoForm collectionId={collection.id} video={video} onDone={() => setEditingVideo(null)} />
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>
                  {video.title}{' '}
                  <Text span size="sm" c="dimmed">
                    Vimeo {video.vimeoId}
                  </Text>
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditingVideo(video.id)}
                    aria-label={`Edit ${video.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red.9"
                    aria-label={`Delete ${video.title}`}
                    onClick={() =>
                      confirm(`Delete ${video.title}?`, videoCollectionMessages.videoDeleteConfirm, () =>
                        remove.mutate(`/api/admin/videos/${video.id}`, deleted(videoCollectionMessages.videoDeleted)),
                      )
                    }
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
              {video.description ? <Text size="sm">{video.description}</Text> : null}
              {video.documents.map((document) => (
                <Group key={document.id} gap="xs">
                  <Anchor href={document.downloadLink} download={document.fileName} size="sm">
                    {document.title}
                  </Anchor>
                  <Button
                    size="compact-xs"
                    variant="default"
                    color="red.9"
                    aria-label={`Delete ${document.title}`}
                    onClick={() =>
                      confirm(`Delete ${document.title}?`, videoCollectionMessages.documentDeleteConfirm, () =>
                        remove.mutate(
                          `/api/admin/video-documents/${document.id}`,
                          deleted(videoCollectionMessages.documentDeleted),
                        ),
                      )
                    }
                  >
                    Delete
                  </Button>
                </Group>
              ))}
              <DocumentForm video={video} />
            </Stack>
          )}
        </Paper>
      ))}
      <Paper withBorder p="md" radius="md" maw={480}>
        <Title order={3} size="h5" mb="xs">
          Add a video
        </Title>
        <VideoForm collectionId={collection.id} video={null} onDone={() => undefined} />
      </Paper>
    </Stack>
  );
}
