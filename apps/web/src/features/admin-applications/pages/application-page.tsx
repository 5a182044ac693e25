import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  applicationDecisions,
  applicationStatusLabels,
  decide,
  decisionLabels,
  type ApplicationDecision,
} from '@portal/domain/applications/rules.ts';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import { staffApplicationMessages, type AdminApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { formatDateRange, formatMoment } from '@portal/domain/dates.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminApplicationQuery, useDecideApplication } from '../api/applications.ts';
import {
  AffiliationsSummary,
  AnswersSummary,
  GeneralInformationSummary,
  HistoryTable,
  PaymentSummary,
  SelectionSummary,
} from '../components/application-entries.tsx';
import { ApplicationStatusBadge } from '../components/application-status-badge.tsx';
import { DecisionModal } from '../components/decision-modal.tsx';
import { Fact } from '../../../ui/fact.tsx';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';

export const applicationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminApplicationQuery(params.applicationId ?? ''));
    return null;
  };

const applicantName = (application: AdminApplicationDetail) =>
  `${application.applicant.firstName} ${application.applicant.lastName}`;

function Overview({ application }: { application: AdminApplicationDetail }) {
  const { event } = application;
  const timeZone = useProviderTimeZone();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Fact label="Applicant">
        {applicantName(application)} · {application.applicant.email}
      </Fact>
      <Fact label="Event">
        <Anchor component={Link} to={`/admin/events/${encodeURIComponent(event.id)}`} inherit>
          {event.name}
        </Anchor>{' '}
        · {formatDateRange(event.startDate, event.endDate)}
      </Fact>
      <Fact label="Submitted">
        {application.submittedAt ? formatMoment(application.submittedAt, timeZone) : 'Not yet'}
      </Fact>
    </SimpleGrid>
  );
}

/** /admin/applications/{id}: everything the applicant entered, the history, and staff's decision. */
export function ApplicationPage() {
  const id = useParams().applicationId ?? '';
  const application = useQuery(adminApplicationQuery(id));
  const decideApplication = useDecideApplication(id);
  const [deciding, setDeciding] = useState<ApplicationDecision | null>(null);

  if (isApiError(application.error, 404)) return <NotFound />;

  const confirm = (decision: ApplicationDecision, note: string) =>
    decideApplication.mutate(
      { decision, ...(note ? { note } : {}) },
      {
        onSuccess: (detail) => {
          setDeciding(null);
          notifications.show({
            color: 'green',
            message: staffApplicationMessages.decided(applicationStatusLabels[detail.status]),
          });
        },
        onError: (error) => {
          setDeciding(null);
          notifyError(error);
        },
      },
    );

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/applications" size="sm">
        Back to applications
      </Anchor>
      {application.isPending ? (
        <PageLoader label="Loading application" />
      ) : application.isError ? (
        <ErrorState message={errorMessage(application.error)} onRetry={() => void application.refetch()} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap="2xs">
              <Group gap="sm">
                <Title order={1}>Application of {applicantName(application.data)}</Title>
                <ApplicationStatusBadge status={application.data.status} />
              </Group>
              <Text>{application.data.event.name}</Text>
            </Stack>
            <Group gap="xs">
              {applicationDecisions
                .filter((decision) => decide(application.data.status, decision) !== null)
                .map((decision) => (
                  <Button
                    key={decision}
                    {...(decision === 'ACCEPT' ? {} : { variant: 'outline' })}
                    {...(decision === 'REJECT' || decision === 'VOID' ? { color: 'red.9' } : {})}
                    onClick={() => setDeciding(decision)}
                    disabled={decideApplication.isPending}
                  >
                    {decisionLabels[decision]}
                  </Button>
                ))}
            </Group>
          </Group>
          <DetailSection title="Overview">
            <Overview application={application.data} />
          </DetailSection>
          <DetailSection title="General information">
            <GeneralInformationSummary application={application.data} />
          </DetailSection>
          <DetailSection title="Affiliations">
            <AffiliationsSummary affiliations={application.data.affiliations} />
          </DetailSection>
          <DetailSection title="Path and sections">
            <SelectionSummary application={application.data} />
            {application.data.placements.length > 0 ? (
              <Text fw={600}>
                Placed in{' '}
                {application.data.placements
                  .map((place) => `${place.sectionTitle} (${placementMessages.rankLabel(place.rank)})`)
                  .join(', ')}
              </Text>
            ) : null}
          </DetailSection>
          <DetailSection title="Questionnaire">
            <AnswersSummary application={application.data} />
          </DetailSection>
          <DetailSection title="Payment">
            <PaymentSummary application={application.data} />
          </DetailSection>
          <DetailSection title="History">
            <HistoryTable history={application.data.history} />
          </DetailSection>
          <DecisionModal
            decision={deciding}
            applicantName={applicantName(application.data)}
            busy={decideApplication.isPending}
            onConfirm={confirm}
            onClose={() => setDeciding(null)}
          />
        </>
      )}
    </Stack>
  );
}
