import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { evaluationMessages, type EvaluationSummary } from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminEvaluationResultsQuery, resultsExportPath } from '../api/evaluations.ts';
import { QuestionResults } from '../components/question-results.tsx';

export const evaluationResultsLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminEvaluationResultsQuery(params.eventId ?? ''));
    return null;
  };

const groupLabels = { SECTION: 'Section', FACILITATOR: 'Facilitator' } as const;

/** /admin/events/{id}/evaluation/results: response rate and each question, for the event, a section or a facilitator. */
export function EvaluationResultsPage() {
  const eventId = useParams().eventId ?? '';
  const results = useQuery(adminEvaluationResultsQuery(eventId));
  const [group, setGroup] = useState('all');

  let body;
  if (results.isPending) body = <PageLoader label="Loading the results" />;
  else if (isApiError(results.error, 404))
    body = (
      <EmptyState
        message={evaluationMessages.noEvaluation}
        action={{ label: 'Build the evaluation', to: `/admin/events/${encodeURIComponent(eventId)}/evaluation` }}
      />
    );
  else if (results.isError)
    body = <ErrorState message={errorMessage(results.error)} onRetry={() => void results.refetch()} />;
  else {
    const groups = results.data.groups;
    const chosen = group === 'all' ? null : groups[Number(group)];
    const summary = chosen?.summary ?? results.data.overall;
    body = (
      <>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label="Results of"
            value={group}
            allowDeselect={false}
            onChange={(value) => setGroup(value ?? 'all')}
            data={[
              { value: 'all', label: 'The whole event' },
              ...groups.map((item, index) => ({
                value: String(index),
                label: `${groupLabels[item.by]}: ${item.name}`,
              })),
            ]}
            w={320}
            maw="100%"
          />
          <ExportMenu path={resultsExportPath(eventId)} filters={{}} noun="evaluation responses" />
        </Group>
        {results.data.anonymous ? (
          <Alert color="blue" variant="light">
            This evaluation is anonymous: answers are kept without the person, so nothing here names anyone.
          </Alert>
        ) : null}
        <Summary summary={summary} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Evaluation results" />
      {body}
    </Stack>
  );
}

function Summary({ summary }: { summary: EvaluationSummary }) {
  return (
    <>
      <DetailSection title="Responses">
        <Group gap="xl" wrap="wrap">
          <Fact label="Responses">{String(summary.responses)}</Fact>
          <Fact label="Asked">{String(summary.asked)}</Fact>
          <Fact label="Response rate">{summary.responseRate === null ? '—' : `${summary.responseRate} %`}</Fact>
          <Fact label="Average (of 5)">{summary.average === null ? '—' : String(summary.average)}</Fact>
        </Group>
      </DetailSection>
      {summary.responses === 0 ? (
        <EmptyState message={evaluationMessages.noResponses} />
      ) : (
        <DetailSection title="Questions">
          <Stack gap="md">
            {summary.questions.map((question, index) => (
              <QuestionResults key={question.id} result={question} number={index + 1} />
            ))}
          </Stack>
        </DetailSection>
      )}
      <Text size="xs" c="dimmed">
        A multiple-choice question’s percents are of those who answered it, so they may add up past 100.
      </Text>
    </>
  );
}
