import { Alert, Button, Group, Modal, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  askWhenLabels,
  askWhens,
  defaultEvaluationForm,
  evaluationInput,
  evaluationMessages,
  questionKindLabels,
  questionKinds,
  type AskWhen,
  type EvaluationForm,
  type EvaluationInput,
  type QuestionKind,
} from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { QuestionField } from '../../../shared/evaluations/question-field.tsx';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminEvaluationQuery, useSaveEvaluation, type StaffEvaluationAnswer } from '../api/evaluations.ts';
import { hasOptions, QuestionEditor, type EditedQuestion } from '../components/question-editor.tsx';

export const evaluationBuilderLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminEvaluationQuery(params.eventId ?? ''));
    return null;
  };

const edited = (form: EvaluationForm): EditedQuestion[] =>
  form.map((question) => ({
    id: question.id,
    kind: question.kind,
    prompt: question.prompt,
    required: question.required,
    optionsText: 'options' in question ? question.options.join('\n') : '',
  }));

/** The questions as the API takes them; a choice's lines become its options, blank lines dropped. */
const asForm = (questions: readonly EditedQuestion[]) =>
  questions.map(({ optionsText, ...question }) =>
    hasOptions(question.kind)
      ? {
          ...question,
          options: optionsText
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        }
      : question,
  );

const newId = () => `q-${crypto.randomUUID().slice(0, 8)}`;

/** /admin/events/{id}/evaluation: build the event's evaluation, preview it, choose when it is asked. */
export function EvaluationBuilderPage() {
  const eventId = useParams().eventId ?? '';
  const evaluation = useQuery(adminEvaluationQuery(eventId));
  if (isApiError(evaluation.error, 404)) return <NotFound />;
  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Evaluation" />
      {evaluation.isPending ? (
        <PageLoader label="Loading the evaluation" />
      ) : evaluation.isError ? (
        <ErrorState message={errorMessage(evaluation.error)} onRetry={() => void evaluation.refetch()} />
      ) : (
        <Builder key={evaluation.dataUpdatedAt} evaluation={evaluation.data} />
      )}
    </Stack>
  );
}

function Builder({ evaluation }: { evaluation: StaffEvaluationAnswer }) {
  const { eventId } = evaluation;
  const locked = evaluation.responses > 0;
  const [questions, setQuestions] = useState(() => edited(evaluation.questions));
  const [askWhen, setAskWhen] = useState<AskWhen>(evaluation.askWhen);
  const [requiredForCertificate, setRequired] = useState(evaluation.requiredForCertificate);
  const [anonymous, setAnonymous] = useState(evaluation.anonymous);
  const [facilitators, setFacilitators] = useState<Record<string, string>>(evaluation.facilitators);
  const [newKind, setNewKind] = useState<QuestionKind>('RATING');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const save = useSaveEvaluation(eventId);

  const change = (index: number, question: EditedQuestion) =>
    setQuestions((list) => list.map((item, at) => (at === index ? question : item)));
  const move = (index: number, by: -1 | 1) =>
    setQuestions((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const useDefault = () => {
    const apply = () => setQuestions(edited(defaultEvaluationForm));
    if (questions.length === 0) apply();
    else
      openConfirmModal({
        title: 'Use the default template?',
        children: <Text size="sm">The questions below are replaced by the provider’s default ones.</Text>,
        labels: { confirm: 'Use the default template', cancel: 'Keep my questions' },
        onConfirm: apply,
      });
  };

  const submit = () => {
    const parsed = evaluationInput.safeParse({
      questions: asForm(questions),
      askWhen,
      requiredForCertificate,
      anonymous,
      facilitators: Object.fromEntries(Object.entries(facilitators).map(([id, name]) => [id, name.trim()])),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.slice(0, 3).join('.')] ??= issue.message;
      setErrors(found);
      notifications.show({ color: 'red', message: parsed.error.issues[0]?.message ?? 'Check the questions' });
      return;
    }
    setErrors({});
    save.mutate(parsed.data satisfies EvaluationInput, {
      onSuccess: () => notifications.show({ color: 'green', message: evaluationMessages.saved }),
      onError: notifyError,
    });
  };

  const errorsOf = (index: number) => ({
    prompt: errors[`questions.${index}.prompt`],
    options: errors[`questions.${index}.options`],
  });

  return (
    <>
      {!evaluation.exists ? (
        <Alert color="blue" variant="light">
          This event has no evaluation yet: the provider’s default template is shown. Save it to ask attendees.
        </Alert>
      ) : null}
      {locked ? (
        <Alert color="yellow" variant="light">
          {evaluation.responses} {evaluation.responses === 1 ? 'answer has' : 'answers have'} come in: the questions and
          anonymity can no longer change.{' '}
          <Link to={`/admin/events/${encodeURIComponent(eventId)}/evaluation/results`}>See the results</Link>
        </Alert>
      ) : null}
      <DetailSection title="Settings">
        <Stack gap="md">
          <Radio.Group label="When attendees are asked" value={askWhen} onChange={(value) => setAskWhen(value)}>
            <Stack gap="xs" mt="xs">
              {askWhens.map((value) => (
                <Radio key={value} value={value} label={askWhenLabels[value]} />
              ))}
            </Stack>
          </Radio.Group>
          <Switch
            label="The certificate waits for the evaluation"
            checked={requiredForCertificate}
            onChange={(event) => setRequired(event.currentTarget.checked)}
          />
          <Switch
            label="Anonymous: answers are kept without the person"
            checked={anonymous}
            disabled={locked}
            onChange={(event) => setAnonymous(event.currentTarget.checked)}
          />
          {evaluation.sections.length > 0 ? (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Facilitators (results are read per facilitator too)
              </Text>
              {evaluation.sections.map((section) => (
                <TextInput
                  key={section.id}
                  label={`Facilitator of ${section.title}`}
                  value={facilitators[section.id] ?? ''}
                  maxLength={120}
                  onChange={(event) => {
                    const name = event.currentTarget.value;
                    setFacilitators((current) => ({ ...current, [section.id]: name }));
                  }}
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </DetailSection>
      <DetailSection title="Questions">
        <Stack gap="md">
          {errors.questions ? (
            <Alert color="red" variant="light">
              {errors.questions}
            </Alert>
          ) : null}
          {questions.map((question, index) => (
            <QuestionEditor
              key={question.id}
              question={question}
              number={index + 1}
              count={questions.length}
              locked={locked}
              errors={errorsOf(index)}
              onChange={(next) => change(index, next)}
              onMove={(by) => move(index, by)}
              onRemove={() => setQuestions((list) => list.filter((_, at) => at !== index))}
            />
          ))}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="New question’s kind"
              data={questionKinds.map((kind) => ({ value: kind, label: questionKindLabels[kind] }))}
              value={newKind}
              allowDeselect={false}
              disabled={locked}
              onChange={(kind) => kind && setNewKind(kind)}
              w={240}
            />
            <Button
              variant="default"
              disabled={locked}
              onClick={() =>
                setQuestions((list) => [
                  ...list,
                  { id: newId(), kind: newKind, prompt: '', required: false, optionsText: '' },
                ])
              }
            >
              Add question
            </Button>
            <Button variant="subtle" disabled={locked} onClick={useDefault}>
              Use the default template
            </Button>
          </Group>
        </Stack>
      </DetailSection>
      <Group gap="sm">
        <Button variant="default" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save evaluation
        </Button>
      </Group>
      <Modal opened={previewing} onClose={() => setPreviewing(false)} title="Preview: what attendees see" size="lg">
        <Preview questions={asForm(questions) as EvaluationForm} />
      </Modal>
    </>
  );
}

function Preview({ questions }: { questions: EvaluationForm }) {
  const [answers, setAnswers] = useState<Record<string, number | string | string[]>>({});
  return (
    <Stack gap="lg">
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          number={index + 1}
          value={answers[question.id]}
          onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
        />
      ))}
    </Stack>
  );
}
