import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { staffApplicationMessages, type ApplicationSettingsReply } from '@portal/domain/applications/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { applicationSettingsQuery, useDeleteQuestion } from '../api/application-settings.ts';
import { QuestionsTable } from '../components/questions-table.tsx';
import type { QuestionFormValues } from '../components/settings-values.ts';

// The forms and their validation (zod) load after the page itself.
const SettingsForm = lazy(() => import('../components/settings-form.tsx').then((m) => ({ default: m.SettingsForm })));
const QuestionForm = lazy(() => import('../components/question-form.tsx').then((m) => ({ default: m.QuestionForm })));

export const applicationSettingsLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(applicationSettingsQuery(params.eventId ?? ''));
    return null;
  };

type Question = ApplicationSettingsReply['questions'][number];

/** Which question the modal edits: none (closed), a new one, or an existing one. */
type Editing = { id: string | null; values: QuestionFormValues } | null;

const nextPosition = (questions: readonly Question[]) =>
  questions.reduce((max, question) => Math.max(max, question.position + 1), 0);

/** /admin/events/{id}/applications: whether and how the event takes applications, and its questionnaire. */
export function ApplicationSettingsPage() {
  const eventId = useParams().eventId ?? '';
  const settings = useQuery(applicationSettingsQuery(eventId));
  const deleteQuestion = useDeleteQuestion(eventId);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  if (isApiError(settings.error, 404)) return <NotFound />;

  const confirmDelete = (question: Question) =>
    openConfirmModal({
      title: 'Delete this question?',
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {question.label}
          </Text>
          <Text size="sm">This cannot be undone.</Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        deleteQuestion.mutate(question.id, {
          onSuccess: () => notifications.show({ color: 'green', message: staffApplicationMessages.questionDeleted }),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Application settings" />
      {settings.isPending ? (
        <PageLoader label="Loading application settings" />
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <DetailSection title="Applications and payment">
            <Suspense fallback={<PageLoader label="Loading the form" />}>
              <SettingsForm eventId={eventId} settings={settings.data} />
            </Suspense>
          </DetailSection>
          <DetailSection title="Questions">
            <QuestionsTable
              questions={settings.data.questions}
              onEdit={(question) =>
                setEditing({
                  id: question.id,
                  values: {
                    type: question.type,
                    label: question.label,
                    options: question.options.join('\n'),
                    required: question.required,
                    position: question.position,
                  },
                })
              }
              onDelete={confirmDelete}
            />
            <Group>
              <Button
                variant="light"
                onClick={() =>
                  setEditing({
                    id: null,
                    values: {
                      type: 'TEXT',
                      label: '',
                      options: '',
                      required: false,
                      position: nextPosition(settings.data.questions),
                    },
                  })
                }
              >
                Add question
              </Button>
            </Group>
          </DetailSection>
        </>
      )}
      <Modal opened={editing !== null} onClose={close} title={editing?.id ? 'Edit question' : 'Add question'} size="lg">
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          {editing ? (
            <QuestionForm
              key={editing.id ?? 'new'}
              eventId={eventId}
              questionId={editing.id}
              initialValues={editing.values}
              onDone={close}
            />
          ) : null}
        </Suspense>
      </Modal>
    </Stack>
  );
}
