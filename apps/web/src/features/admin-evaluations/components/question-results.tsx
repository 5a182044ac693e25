import { Group, List, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { QuestionResult } from '@portal/domain/events/evaluations.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/**
 * One question's results: its distribution as bars (drawn with Mantine's progress bars, no chart
 * library) with the same numbers in a table beside them, or the free-text answers.
 */
export function QuestionResults({ result, number }: { result: QuestionResult; number: number }) {
  const heading = `${number}. ${result.prompt}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={heading}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {heading}
        </Title>
        <Text size="sm">
          {result.answered} {result.answered === 1 ? 'answer' : 'answers'}
          {result.average !== null ? ` · average ${result.average} of 5` : ''}
        </Text>
        {result.kind === 'FREE_TEXT' ? (
          result.texts.length > 0 ? (
            <List spacing="xs" size="sm">
              {result.texts.map((text, index) => (
                <List.Item key={index}>{text}</List.Item>
              ))}
            </List>
          ) : null
        ) : (
          <>
            <Stack gap="2xs" aria-hidden>
              {result.distribution.map((row) => (
                <Group key={row.label} gap="sm" wrap="nowrap">
                  <Text size="xs" w={130} truncate>
                    {row.label}
                  </Text>
                  <Progress value={row.percent} flex={1} size="lg" />
                </Group>
              ))}
            </Stack>
            <ResponsiveTable minWidth={0} aria-label={`${heading}: distribution`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Answer</Table.Th>
                  <Table.Th scope="col">Count</Table.Th>
                  <Table.Th scope="col">Percent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.distribution.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Td>{row.label}</Table.Td>
                    <Table.Td>{row.count}</Table.Td>
                    <Table.Td>{row.percent} %</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          </>
        )}
      </Stack>
    </Paper>
  );
}
