import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  webhookEndpointInput,
  webhookEventLabels,
  webhookEventTypes,
  type WebhookEventType,
} from '@portal/domain/staff/webhooks.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useCreateEndpoint, type EndpointWithSecret } from '../api/webhooks.ts';

interface EndpointFormModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: EndpointWithSecret) => void;
}

/** Staff add an endpoint: where to post, which events, and a note on what it is. */
export function EndpointFormModal({ opened, onClose, onCreated }: EndpointFormModalProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { url: '', description: '', eventTypes: [] as WebhookEventType[] },
    validate: schemaResolver(webhookEndpointInput, { sync: true }),
  });
  const create = useCreateEndpoint();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add webhook endpoint"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="URL"
            description="Where the portal posts events: https:// in production"
            placeholder="https://finance.example.org/webhooks/portal"
            type="url"
            required
            key={form.key('url')}
            {...form.getInputProps('url')}
          />
          <Textarea
            label="Description"
            description="What receives it, for staff"
            rows={2}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group
            label="Events"
            description="The endpoint receives only these"
            required
            key={form.key('eventTypes')}
            {...form.getInputProps('eventTypes')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {webhookEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={webhookEventLabels[type]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
