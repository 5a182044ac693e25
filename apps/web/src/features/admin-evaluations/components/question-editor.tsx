import { Button, Group, Paper, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { questionKindLabels, questionKinds, type QuestionKind } from '@portal/domain/events/evaluations.ts';

/** A question as staff edit it: a choice's options as lines of text until it is saved. */
export interface EditedQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  optionsText: string;
}

export const hasOptions = (kind: QuestionKind) => kind === 'SINGLE_CHOICE' || kind === 'MULTIPLE_CHOICE';

const kindOptions = questionKinds.map((kind) => ({ value: kind, label: questionKindLabels[kind] }));

interface QuestionEditorProps {
  question: EditedQuestion;
  number: number;
  count: number;
  locked: boolean;
  errors: { prompt?: string | undefined; options?: string | undefined };
  onChange: (question: EditedQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function QuestionEditor({
  question,
  number,
  count,
  locked,
  errors,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const name = `question ${number}`;
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" aria-label={`Question ${number}`} disabled={locked}>
      <Stack gap="sm">
        <TextInput
          label={`Question ${number}`}
          value={question.prompt}
          error={errors.prompt}
          onChange={(event) => onChange({ ...question, prompt: event.currentTarget.value })}
          maxLength={300}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            data={kindOptions}
            value={question.kind}
            allowDeselect={false}
            onChange={(kind) => kind && onChange({ ...question, kind: kind })}
            w={240}
          />
          <Switch
            label="Required"
            checked={question.required}
            onChange={(event) => onChange({ ...question, required: event.currentTarget.checked })}
          />
        </Group>
        {hasOptions(question.kind) ? (
          <Textarea
            label="Options, one a line"
            value={question.optionsText}
            error={errors.options}
            autosize
            minRows={2}
            onChange={(event) => onChange({ ...question, optionsText: event.currentTarget.value })}
          />
        ) : null}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={number === 1}
            onClick={() => onMove(-1)}
            aria-label={`Move ${name} up`}
          >
            Move up
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={number === count}
            onClick={() => onMove(1)}
            aria-label={`Move ${name} down`}
          >
            Move down
          </Button>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
