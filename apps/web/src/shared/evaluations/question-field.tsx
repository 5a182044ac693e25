import { Checkbox, Group, Radio, Stack, Textarea } from '@mantine/core';
import {
  agreementLabels,
  freeTextMax,
  ratingLabels,
  type Answers,
  type EvaluationQuestion,
} from '@portal/domain/events/evaluations.ts';

interface QuestionFieldProps {
  question: EvaluationQuestion;
  number: number;
  value: Answers[string] | undefined;
  error?: string | undefined;
  onChange: (value: Answers[string]) => void;
}

/**
 * One question of an evaluation, as the attendee answers it and as staff preview it: a scale or a
 * single choice as radio buttons (stacked, so each has a full-width touch target on a phone), a
 * multiple choice as checkboxes, free text as a growing text area.
 */
export function QuestionField({ question, number, value, error, onChange }: QuestionFieldProps) {
  const label = `${number}. ${question.prompt}`;
  const common = { label, withAsterisk: question.required, error, id: `question-${question.id}` };
  switch (question.kind) {
    case 'RATING':
    case 'AGREEMENT': {
      const labels = question.kind === 'RATING' ? ratingLabels : agreementLabels;
      return (
        <Radio.Group
          {...common}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(next) => onChange(Number(next))}
        >
          <Stack gap="xs" mt="xs">
            {labels.map((text, index) => (
              <Radio key={text} value={String(index + 1)} label={text} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    case 'SINGLE_CHOICE':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : null} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTIPLE_CHOICE':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Group mt="xs" gap="xs">
            <Stack gap="xs">
              {question.options.map((option) => (
                <Checkbox key={option} value={option} label={option} />
              ))}
            </Stack>
          </Group>
        </Checkbox.Group>
      );
    case 'FREE_TEXT':
      return (
        <Textarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={freeTextMax}
        />
      );
  }
}
