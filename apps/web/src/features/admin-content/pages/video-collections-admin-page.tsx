import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  slugOf,
  videoCollectionMessages,
  type VideoCollectionInput,
} from '@portal/domain/content/video-collections.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { collectionsQuery, useCreateCollection } from '../api/content.ts';

/** /admin/video-collections: every collection, and a new one (its address made from its name unless staff change it). */
export function VideoCollectionsAdminPage() {
  const collections = useQuery(collectionsQuery());
  const create = useCreateCollection();
  const navigate = useNavigate();
  const form = useForm<Required<VideoCollectionInput>>({
    initialValues: { name: '', slug: '', description: '' },
    validate: {
      name: (value) => (value.trim() ? null : videoCollectionMessages.nameRequired),
      slug: (value) => (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ? null : videoCollectionMessages.slugFormat),
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (collection) => {
        notifications.show({ color: 'green', message: videoCollectionMessages.collectionCreated });
        void navigate(`/admin/video-collections/${collection.id}`);
      },
      onError: (error) => void showSubmitError(form, error),
    }),
  );

  return (
    <Stack gap="md">
      <Title order={1}>Video collections</Title>
      {collections.isPending ? (
        <Skeleton height={120} role="status" aria-label="Loading video collections" />
      ) : collections.isError ? (
        <ErrorState
          title="Could not load video collections"
          message={errorMessage(collections.error)}
          onRetry={() => void collections.refetch()}
        />
      ) : collections.data.items.length === 0 ? (
        <EmptyState message="No video collections yet." />
      ) : (
        <Table maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Videos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {collections.data.items.map((collection) => (
              <Table.Tr key={collection.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/video-collections/${collection.id}`}>
                    {collection.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{collection.slug}</Table.Td>
                <Table.Td>{collection.videoCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} noValidate aria-label="New video collection">
        <Stack gap="sm" maw={480}>
          <Title order={2} size="h4">
            New collection
          </Title>
          <TextInput
            label="Name"
            withAsterisk
            {...form.getInputProps('name')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              if (form.values.slug === slugOf(form.values.name)) form.setFieldValue('slug', slugOf(name));
              form.setFieldValue('name', name);
            }}
          />
          <TextInput
            label="Address"
            description={`Members open it at /members/video-collection/${form.values.slug || '…'}`}
            withAsterisk
            {...form.getInputProps('slug')}
          />
          <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create collection
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Videos and their documents are added on the collection’s page.
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
