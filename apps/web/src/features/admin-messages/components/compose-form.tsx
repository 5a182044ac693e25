import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { applicationStatusLabels } from '@portal/domain/applications/rules.ts';
import {
  eventMessageInput,
  eventMessageTexts,
  messageApplicationStatuses,
  messageAudienceLabels,
  messageAudiences,
  type EventMessageInput,
  type MessagePreview,
  type MessageAudience,
  type MessageRecipientsInput,
} from '@portal/domain/events/event-messages.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { useMessagePreview, useSendMessage } from '../api/messages.ts';

export interface SectionOption {
  value: string;
  label: string;
}

interface ComposeValues {
  audience: MessageAudience;
  applicationStatus: MessageRecipientsInput['applicationStatus'];
  sectionId: string | null;
  subject: string;
  body: string;
}

const emptyValues: ComposeValues = {
  audience: 'HOLDERS',
  applicationStatus: null,
  sectionId: null,
  subject: '',
  body: '',
};
const statusOptions = messageApplicationStatuses.map((status) => ({
  value: status,
  label: applicationStatusLabels[status],
}));

function validate(values: ComposeValues): Record<string, string> {
  const parsed = eventMessageInput.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));
}

const recipientsOf = (values: ComposeValues): MessageRecipientsInput => ({
  audience: values.audience,
  applicationStatus: values.audience === 'APPLICANTS' ? values.applicationStatus : null,
  sectionId: values.audience === 'SECTION' ? values.sectionId : null,
});

function PreviewText({ preview }: { preview: MessagePreview }) {
  const more = preview.recipientCount - preview.firstNames.length;
  return (
    <Alert
      color={preview.recipientCount === 0 ? 'yellow' : 'blue'}
      title={`${preview.recipientCount} ${preview.recipientCount === 1 ? 'recipient' : 'recipients'}`}
    >
      {preview.recipientCount === 0
        ? eventMessageTexts.noRecipients
        : `${preview.firstNames.join(', ')}${more > 0 ? ` and ${more} more` : ''}`}
    </Alert>
  );
}

/**
 * A message to the event's people: whom (ticket holders, applicants of a status, one section), subject
 * and text. Staff preview the recipients, then send after a confirmation; one mail goes to each.
 */
export function ComposeForm({ eventId, sections }: { eventId: string; sections: readonly SectionOption[] }) {
  const form = useForm<ComposeValues>({
    initialValues: emptyValues,
    validate,
    onValuesChange: (values, previous) => {
      if (JSON.stringify(recipientsOf(values)) !== JSON.stringify(recipientsOf(previous))) setPreview(null);
    },
  });
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const previewRecipients = useMessagePreview(eventId);
  const send = useSendMessage(eventId);
  // One key per message as composed: a repeat of the same message reuses it, an edited one gets another.
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);

  const bodyOf = (values: ComposeValues): EventMessageInput => ({
    ...recipientsOf(values),
    subject: values.subject.trim(),
    body: values.body.trim(),
  });

  const showPreview = () => {
    const checked = form.validate();
    if (checked.hasErrors && Object.keys(checked.errors).some((field) => field in recipientsOf(form.getValues())))
      return;
    form.clearErrors();
    previewRecipients.mutate(recipientsOf(form.getValues()), {
      onSuccess: setPreview,
      onError: (error) => showSubmitError(form, error),
    });
  };

  const sendNow = (values: ComposeValues) => {
    const body = bodyOf(values);
    const text = JSON.stringify(body);
    const idempotencyKey = attempt?.body === text ? attempt.key : newIdempotencyKey();
    setAttempt({ body: text, key: idempotencyKey });
    send.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (sent) => {
          notifications.show({ color: 'green', message: eventMessageTexts.sent(sent.recipientCount) });
          setAttempt(null);
          setPreview(null);
          form.reset();
        },
        onError: (error) => showSubmitError(form, error),
      },
    );
  };

  const confirmSend = form.onSubmit((values) => {
    if (!preview || preview.recipientCount === 0) return;
    openConfirmModal({
      title: 'Send this message?',
      children: (
        <Text size="sm">
          “{values.subject.trim()}” goes to {preview.recipientCount}{' '}
          {preview.recipientCount === 1 ? 'person' : 'people'}, one mail each. A sent message cannot be taken back.
        </Text>
      ),
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () => sendNow(values),
    });
  });

  const audience = form.getValues().audience;
  return (
    <form onSubmit={confirmSend} noValidate>
      <Stack gap="md" maw={640}>
        <Radio.Group label="Send to" {...form.getInputProps('audience')}>
          <Stack gap="xs" mt="xs">
            {messageAudiences.map((value) => (
              <Radio key={value} value={value} label={messageAudienceLabels[value]} />
            ))}
          </Stack>
        </Radio.Group>
        {audience === 'APPLICANTS' ? (
          <Select
            label="Applicants whose application is"
            data={statusOptions}
            withAsterisk
            {...form.getInputProps('applicationStatus')}
          />
        ) : null}
        {audience === 'SECTION' ? (
          <Select label="Section" data={sections} searchable withAsterisk {...form.getInputProps('sectionId')} />
        ) : null}
        <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        <Textarea label="Message" withAsterisk rows={8} {...form.getInputProps('body')} />
        {preview ? <PreviewText preview={preview} /> : null}
        <Group>
          <Button variant="default" onClick={showPreview} loading={previewRecipients.isPending}>
            Preview recipients
          </Button>
          <Button type="submit" disabled={!preview || preview.recipientCount === 0} loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
