import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  checkAnswers,
  evaluationMessages,
  occasionLabel,
  type Answers,
  type MyEvaluation,
} from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { focusFirstInvalidField } from '../../../lib/form-errors.ts';
import { QuestionField } from '../../../shared/evaluations/question-field.tsx';

/** How long typing pauses before the draft is saved. */
const draftDelayMs = 800;

type EvaluationMutation = UseMutationResult<MyEvaluation, Error, Answers>;

interface EvaluationFormProps {
  evaluation: MyEvaluation;
  /** Keeps the half-filled form (the signed-in member's route, or the mail's signed link). */
  saveDraft: EvaluationMutation;
  submit: EvaluationMutation;
  /** What the "Evaluation sent" card offers next: the certificate, the way back. */
  afterSent: ReactNode;
}

/** The evaluation form, saved as she goes and sent once; the same whether she signed in or came by the mail's link. */
export function EvaluationForm({ evaluation, saveDraft, submit, afterSent }: EvaluationFormProps) {
  const { occasion } = evaluation;
  const [answers, setAnswers] = useState<Answers>(evaluation.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(answers, draftDelayMs);
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
            {afterSent}
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
