import { Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { certificateMessages, hoursLabel } from '@portal/domain/events/certificates.ts';
import { evaluationMessages, evaluationPagePath } from '@portal/domain/events/evaluations.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import { errorMessage } from '../../lib/errors.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { certificatePdfPath, myCertificatesQuery, transcriptPaths } from './queries.ts';
import { ResponsiveTable } from '../../ui/responsive-table.tsx';

/** The profile's 'Professional development': certificates, total hours, and the transcript as PDF or CSV. */
export function TranscriptSection() {
  const certificates = useQuery(myCertificatesQuery);
  let body;
  if (certificates.isPending) body = <Skeleton height={44} role="status" aria-label="Loading certificates" />;
  else if (certificates.isError)
    body = (
      <ErrorState
        title="Could not load your certificates"
        message={errorMessage(certificates.error)}
        onRetry={() => void certificates.refetch()}
      />
    );
  else if (certificates.data.items.length === 0) body = <EmptyState message={certificateMessages.noCertificates} />;
  else {
    const total = certificates.data.items.reduce((sum, item) => sum + item.minutesAttended, 0);
    body = (
      <Stack gap="sm">
        <ResponsiveTable minWidth={0} aria-label="Certificates" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col">Hours</Table.Th>
              <Table.Th scope="col">Certificate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {certificates.data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {item.eventName}
                  </Text>
                  <Text size="sm">{formatUsDates(item.dates)}</Text>
                </Table.Td>
                <Table.Td>{hoursLabel(item.minutesAttended)}</Table.Td>
                <Table.Td>
                  {item.awaitingEvaluation === null ? (
                    <Anchor
                      href={certificatePdfPath(item.id)}
                      download
                      size="sm"
                      aria-label={`${certificateMessages.download}: ${item.eventName}`}
                    >
                      {certificateMessages.download}
                    </Anchor>
                  ) : (
                    <Anchor
                      component={Link}
                      to={evaluationPagePath(item.eventId, item.awaitingEvaluation)}
                      size="sm"
                      aria-label={`${evaluationMessages.completeToReceive}: ${item.eventName}`}
                    >
                      {evaluationMessages.completeToReceive}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
        <Text fw={600}>Total: {hoursLabel(total)}</Text>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="transcript-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="transcript-heading">
          Professional development
        </Title>
        {body}
        <Group gap="md">
          <Anchor href={transcriptPaths.pdf} download>
            Download transcript (PDF)
          </Anchor>
          <Anchor href={transcriptPaths.csv} download>
            Download transcript (CSV)
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
