import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  checkAnswers,
  evaluationMessages,
  occasionLabel,
  type Answers,
  type MyEvaluation,
} from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { focusFirstInvalidField } from '../../../lib/form-errors.ts';
import { CertificateLink } from '../../../shared/certificates/certificate-link.tsx';
import { QuestionField } from '../../../shared/evaluations/question-field.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { evaluationQuery, useSaveDraft, useSubmitEvaluation } from '../api/evaluations.ts';

export const evaluationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(evaluationQuery(params.eventId ?? '', params.occasion ?? ''));
    return null;
  };

/** How long typing pauses before the draft is saved. */
const draftDelayMs = 800;

/** /members/evaluations/{eventId}/{occasion}: the evaluation form, saved as she goes, sent once. */
export function EvaluationPage() {
  const { eventId = '', occasion = '' } = useParams();
  const evaluation = useQuery(evaluationQuery(eventId, occasion));

  if (isApiError(evaluation.error, 404) || isApiError(evaluation.error, 400))
    return (
      <Stack gap="lg">
        <Title order={1}>Evaluation</Title>
        <EmptyState
          message={evaluationMessages.notAsked}
          action={{ label: 'Back to Manage Events', to: '/members/manage-events' }}
        />
      </Stack>
    );
  if (evaluation.isPending) return <PageLoader label="Loading the evaluation" />;
  if (evaluation.isError)
    return <ErrorState message={errorMessage(evaluation.error)} onRetry={() => void evaluation.refetch()} />;
  return <EvaluationForm key={`${eventId}/${occasion}`} evaluation={evaluation.data} />;
}

function EvaluationForm({ evaluation }: { evaluation: MyEvaluation }) {
  const { eventId, occasion } = evaluation;
  const [answers, setAnswers] = useState<Answers>(evaluation.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(answers, draftDelayMs);
  const saveDraft = useSaveDraft(eventId, occasion);
  const submit = useSubmitEvaluation(eventId, occasion);
  const saved = useRef(evaluation.draft);

  const { mutate: saveDraftNow } = saveDraft;
  useEffect(() => {
    if (evaluation.submitted || debounced === saved.current) return;
    // Only what the form would take is kept: a draft never holds an answer the server would refuse.
    const checked = checkAnswers(evaluation.questions, debounced, false);
    if (!checked.ok) return;
    saved.current = debounced;
    saveDraftNow(checked.answers);
  }, [debounced, evaluation.questions, evaluation.submitted, saveDraftNow]);

  const heading = (
    <Stack gap="2xs">
      <Title order={1}>Evaluation</Title>
      <Text>
        {evaluation.eventName} · {occasionLabel(occasion)}
      </Text>
    </Stack>
  );

  if (evaluation.submitted)
    return (
      <Stack gap="lg" maw={640}>
        {heading}
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="evaluation-sent">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4" id="evaluation-sent">
              Evaluation sent
            </Title>
            <CertificateLink eventId={eventId} eventName={evaluation.eventName} />
            <Anchor component={Link} to="/members/manage-events">
              Back to Manage Events
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    );

  const send = () => {
    const checked = checkAnswers(evaluation.questions, answers, true);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalidField(document);
      return;
    }
    setErrors({});
    submit.mutate(checked.answers, {
      onSuccess: () => notifications.show({ color: 'green', message: evaluationMessages.submitted }),
      onError: (error) => {
        if (isApiError(error) && error.problem.errors) setErrors(error.problem.errors);
        else notifyError(error);
      },
    });
  };

  return (
    <Stack gap="lg" maw={640}>
      {heading}
      {evaluation.requiredForCertificate ? (
        <Alert color="blue" variant="light">
          Your certificate of attendance is released as soon as you send this evaluation.
        </Alert>
      ) : null}
      {evaluation.anonymous ? (
        <Text size="sm">Your answers are kept without your name: no report can tell who answered what.</Text>
      ) : null}
      <form
        noValidate
        aria-label="Evaluation"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="lg">
          {evaluation.questions.map((question, index) => (
            <Paper key={question.id} withBorder p="md" radius="md">
              <QuestionField
                question={question}
                number={index + 1}
                value={answers[question.id]}
                error={errors[question.id]}
                onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
              />
            </Paper>
          ))}
          <Text size="sm" c="dimmed" role="status">
            {saveDraft.isPending
              ? 'Saving…'
              : saveDraft.isError
                ? 'Your answers could not be saved yet; they are kept on this page.'
                : saveDraft.isSuccess
                  ? evaluationMessages.draftSaved
                  : 'Your answers are saved as you go, so you can finish later.'}
          </Text>
          <Button type="submit" loading={submit.isPending} fullWidth>
            Send evaluation
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
