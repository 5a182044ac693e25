import { Button, Group, Table } from '@mantine/core';
import { questionTypeLabels } from '@portal/domain/applications/rules.ts';
import type { ApplicationSettingsReply } from '@portal/domain/applications/contracts.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

type Question = ApplicationSettingsReply['questions'][number];

interface QuestionsTableProps {
  questions: readonly Question[];
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
}

/** The event's questionnaire in the order applicants see it. */
export function QuestionsTable({ questions, onEdit, onDelete }: QuestionsTableProps) {
  if (questions.length === 0) return <EmptyState message="No questions yet" />;
  return (
    <ResponsiveTable minWidth={760} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Position</Table.Th>
          <Table.Th scope="col">Question</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Options</Table.Th>
          <Table.Th scope="col">Required</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {questions.map((question) => (
          <Table.Tr key={question.id}>
            <Table.Td>{question.position}</Table.Td>
            <Table.Th scope="row">{question.label}</Table.Th>
            <Table.Td>{questionTypeLabels[question.type]}</Table.Td>
            <Table.Td>{question.options.join(', ') || '—'}</Table.Td>
            <Table.Td>{question.required ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit question ${question.label}`}
                  onClick={() => onEdit(question)}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={`Delete question ${question.label}`}
                  onClick={() => onDelete(question)}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
