import { Button, FileInput, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { organizationResourceFileMaxBytes } from '@portal/domain/content/organization-resources.ts';
import { videoCollectionMessages, type Video } from '@portal/domain/content/video-collections.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useAddDocument, useAddVideo, useUpdateVideo } from '../api/content.ts';

/** A video's Vimeo number, title and description: a new one (video null) or an edit. */
export function VideoForm({
  collectionId,
  video,
  onDone,
}: {
  collectionId: string;
  video: Video | null;
  onDone: () => void;
}) {
  const add = useAddVideo(collectionId);
  const update = useUpdateVideo();
  const form = useForm({
    initialValues: { vimeoId: video?.vimeoId ?? '', title: video?.title ?? '', description: video?.description ?? '' },
    validate: {
      vimeoId: (value) => (/^\d{1,15}$/.test(value.trim()) ? null : videoCollectionMessages.vimeoIdFormat),
      title: (value) => (value.trim() ? null : videoCollectionMessages.titleRequired),
    },
  });
  const options = {
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: video ? videoCollectionMessages.videoSaved : videoCollectionMessages.videoCreated,
      });
      form.reset();
      onDone();
    },
    onError: (error: Error) => void showSubmitError(form, error),
  };
  const submit = form.onSubmit((values) =>
    video ? update.mutate({ id: video.id, input: values }, options) : add.mutate(values, options),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={video ? `Edit ${video.title}` : 'New video'}>
      <Stack gap="sm">
        <TextInput
          label="Vimeo number"
          description="The number at the end of the video’s vimeo.com address"
          withAsterisk
          {...form.getInputProps('vimeoId')}
        />
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          {video ? (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={add.isPending || update.isPending}>
            {video ? 'Save video' : 'Add video'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A titled PDF for a video. */
export function DocumentForm({ video }: { video: Video }) {
  const add = useAddDocument();
  const form = useForm<{ title: string; file: File | null }>({
    initialValues: { title: '', file: null },
    validate: {
      title: (value) => (value.trim() ? null : videoCollectionMessages.titleRequired),
      file: (value) =>
        !value
          ? videoCollectionMessages.fileRequired
          : value.size > organizationResourceFileMaxBytes
            ? videoCollectionMessages.fileTooLarge
            : null,
    },
  });
  const submit = form.onSubmit((values) => {
    if (!values.file) return;
    add.mutate(
      { videoId: video.id, title: values.title, file: values.file },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: videoCollectionMessages.documentCreated });
          form.reset();
        },
        onError: (error) => void showSubmitError(form, error),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`New document for ${video.title}`}>
      <Group align="flex-start" gap="sm">
        <TextInput label="Document title" withAsterisk {...form.getInputProps('title')} w={220} />
        <FileInput
          placeholder="Choose file"
          label="PDF"
          withAsterisk
          accept="application/pdf,.pdf"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear file' }}
          {...form.getInputProps('file')}
          w={220}
        />
        <Button type="submit" mt={25} variant="default" loading={add.isPending}>
          Upload
        </Button>
      </Group>
    </form>
  );
}
