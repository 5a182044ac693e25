import '@mantine/core/styles/Switch.css';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { questionTypeLabels, questionTypes } from '@portal/domain/applications/rules.ts';
import { staffApplicationMessages } from '@portal/domain/applications/contracts.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveQuestion } from '../api/application-settings.ts';
import { choiceTypes, questionInputOf, validateQuestion, type QuestionFormValues } from './settings-values.ts';

const typeOptions = questionTypes.map((type) => ({ value: type, label: questionTypeLabels[type] }));

interface QuestionFormProps {
  eventId: string;
  /** The question edited, or null for a new one. */
  questionId: string | null;
  initialValues: QuestionFormValues;
  onDone: () => void;
}

/** A question of the event's questionnaire: its type, label, options (for choices), whether required, its place. */
export function QuestionForm({ eventId, questionId, initialValues, onDone }: QuestionFormProps) {
  const save = useSaveQuestion(eventId);
  const form = useForm<QuestionFormValues>({ initialValues, validate: validateQuestion });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: questionId, body: questionInputOf(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: staffApplicationMessages.questionSaved });
          onDone();
        },
        onError: (error) => showSubmitError(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Question">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Type" withAsterisk allowDeselect={false} data={typeOptions} {...form.getInputProps('type')} />
          <NumberInput
            label="Position"
            description="Order in the questionnaire, 0 first"
            withAsterisk
            allowDecimal={false}
            allowNegative={false}
            min={0}
            {...form.getInputProps('position')}
          />
        </SimpleGrid>
        <Textarea
          label="Label"
          description="The question as applicants read it"
          withAsterisk
          rows={2}
          data-autofocus
          {...form.getInputProps('label')}
        />
        {choiceTypes.includes(form.values.type) ? (
          <Textarea
            label="Options"
            description="One option a line"
            withAsterisk
            rows={4}
            {...form.getInputProps('options')}
          />
        ) : null}
        <Switch
          label="Required"
          description="Applicants must answer it to submit"
          {...form.getInputProps('required', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
