import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { answerProblem, applicationMessages, normalizeAnswer } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { useStepSave, type AfterSave } from '../hooks/use-step-save.ts';
import { QuestionField } from './question-field.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

type Answers = Record<string, string[]>;

function answersOf(detail: ApplicationDetail): Answers {
  return Object.fromEntries(detail.answers.map((answer) => [answer.questionId, answer.value]));
}

/** Answers as they are sent and compared: trimmed, empty entries dropped. */
function normalized(detail: ApplicationDetail, answers: Answers) {
  return detail.event.questions.map((question) => ({
    questionId: question.id,
    value: normalizeAnswer(answers[question.id] ?? []),
  }));
}

/**
 * Step 4, questionnaire (events.md §2, §5): each question by its type, required ones marked. Save
 * keeps what is answered (missing required answers only leave it incomplete, as on the server); Save
 * & Continue needs every required question answered.
 */
export function QuestionnaireStep({ detail }: StepProps) {
  const { save, saving, leaveTo } = useStepSave(detail, 'questionnaire');
  const [saved, setSaved] = useState(() => answersOf(detail));
  const [answers, setAnswers] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = JSON.stringify(normalized(detail, answers)) !== JSON.stringify(normalized(detail, saved));

  const submit = (after: AfterSave) => {
    const problems: Record<string, string> = {};
    for (const question of detail.event.questions) {
      const problem = answerProblem(question, answers[question.id] ?? []);
      if (problem) problems[question.id] = problem;
    }
    setErrors(problems);
    const blocking = Object.values(problems).filter(
      (problem) => after === 'next' || problem !== applicationMessages.questionRequired,
    );
    if (blocking.length > 0) return;
    const data = { answers: normalized(detail, answers) };
    save({ segment: 'QUESTIONNAIRE', data }, after, {
      onSaved: () => setSaved(Object.fromEntries(data.answers.map((answer) => [answer.questionId, answer.value]))),
      onFieldErrors: setErrors,
    });
  };

  return (
    <Stack gap="md">
      {detail.event.questions.length === 0 ? <Text>This event asks no questions.</Text> : null}
      <Fieldset variant="unstyled" disabled={!detail.editable}>
        <Stack gap="lg">
          {detail.event.questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={answers[question.id] ?? []}
              error={errors[question.id] ?? null}
              onChange={(value) => {
                setAnswers((current) => ({ ...current, [question.id]: value }));
                setErrors(({ [question.id]: _cleared, ...rest }) => rest);
              }}
            />
          ))}
        </Stack>
      </Fieldset>
      <StepActions
        applicationId={detail.id}
        step="questionnaire"
        editable={detail.editable}
        dirty={detail.editable && dirty}
        saving={saving}
        leaveTo={leaveTo}
        onSave={() => submit('stay')}
        onContinue={() => submit('next')}
      />
    </Stack>
  );
}
