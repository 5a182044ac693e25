import '@mantine/core/styles/Radio.css';
import { Checkbox, Radio, Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { QuestionReply } from '@portal/domain/applications/contracts.ts';

interface QuestionFieldProps {
  question: QuestionReply;
  value: string[];
  error: string | null;
  onChange: (value: string[]) => void;
}

/** One question by its type (events.md §3 'Application question'); every answer is a list, one entry unless CHECKBOX. */
export function QuestionField({ question, value, error, onChange }: QuestionFieldProps) {
  const common = { label: question.label, required: question.required, error };
  const single = value[0] ?? '';
  switch (question.type) {
    case 'TEXT':
      return <TextInput {...common} value={single} onChange={(event) => onChange([event.currentTarget.value])} />;
    case 'TEXTAREA':
      return (
        <Textarea {...common} rows={4} value={single} onChange={(event) => onChange([event.currentTarget.value])} />
      );
    case 'SELECT':
      return (
        <Select
          {...common}
          data={question.options}
          value={single || null}
          clearable={!question.required}
          onChange={(next) => onChange(next ? [next] : [])}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={single || null} onChange={(next) => onChange([next])}>
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group {...common} value={value} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
  }
}
