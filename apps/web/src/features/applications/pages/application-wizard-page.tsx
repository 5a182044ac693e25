import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { redirect, useParams, type LoaderFunctionArgs } from 'react-router';
import { applicationMessages, applicationStatusLabels, type WizardStep } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { applicationQuery } from '../api/application.ts';
import { loadContactFields } from '../components/general-information-values.ts';
import type { StepProps } from '../components/step-props.ts';
import { StepNav } from '../components/step-nav.tsx';
import { stepOf, stepRedirect } from '../hooks/step-redirect.ts';

type StepModule = () => Promise<{ default: ComponentType<StepProps> }>;

// Each step is a chunk of its own: the forms' validation and option lists load with the step that uses them.
const stepModules: Record<WizardStep, StepModule> = {
  'general-information': () => {
    void loadContactFields();
    return import('../components/general-information-step.tsx').then((m) => ({ default: m.GeneralInformationStep }));
  },
  'affiliations-and-attendance': () =>
    import('../components/affiliations-step.tsx').then((m) => ({ default: m.AffiliationsStep })),
  sections: () => import('../components/sections-step.tsx').then((m) => ({ default: m.SectionsStep })),
  questionnaire: () => import('../components/questionnaire-step.tsx').then((m) => ({ default: m.QuestionnaireStep })),
  'review-and-submit': () => import('../components/review-step.tsx').then((m) => ({ default: m.ReviewStep })),
};

const stepComponents: Record<WizardStep, ComponentType<StepProps>> = {
  'general-information': lazy(stepModules['general-information']),
  'affiliations-and-attendance': lazy(stepModules['affiliations-and-attendance']),
  sections: lazy(stepModules.sections),
  questionnaire: lazy(stepModules.questionnaire),
  'review-and-submit': lazy(stepModules['review-and-submit']),
};

/**
 * The application and the step's code load together; a step the application cannot open yet (or a
 * simplified application) is redirected before anything renders. A failed read is left to the page.
 * The gate is here only: a step already open stays open when its application changes underneath
 * (review then lists what went missing).
 */
export const applicationWizardLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const step = stepOf(params.step);
    if (!step || !params.applicationId) return null;
    void stepModules[step]();
    const detail = await queryClient.fetchQuery(applicationQuery(params.applicationId)).catch(() => null);
    const target = detail ? stepRedirect(detail, step) : null;
    return target ? redirect(target) : null;
  };

function Wizard({ detail, step }: { detail: ApplicationDetail; step: WizardStep }) {
  const Step = stepComponents[step];
  const { event } = detail;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap="2xs">
        <Title order={1}>{event.name}</Title>
        <Group gap="sm">
          <Text>
            Event application · {formatUsDate(event.startDate)}
            {event.endDate !== event.startDate ? ` – ${formatUsDate(event.endDate)}` : ''}
          </Text>
          <Badge variant="light" color="gray" c="dark">
            {applicationStatusLabels[detail.status]}
          </Badge>
        </Group>
      </Stack>
      <StepNav detail={detail} step={step} />
      {detail.editable ? null : (
        <Alert color="gray" variant="light">
          <Text size="sm">{applicationMessages.notEditable}</Text>
        </Alert>
      )}
      <Suspense fallback={<PageLoader label="Loading this step" />}>
        <Step key={step} detail={detail} />
      </Suspense>
    </Stack>
  );
}

/**
 * /members/events/applications/{applicationId}/manage/{step} (events.md §2 'Event applications'): the
 * five-step application wizard.
 */
export function ApplicationWizardPage() {
  const params = useParams();
  const step = stepOf(params.step);
  const application = useQuery({
    ...applicationQuery(params.applicationId ?? ''),
    enabled: step !== null && Boolean(params.applicationId),
  });

  if (!step) return <NotFound />;
  if (application.isPending) return <PageLoader label="Loading the application" />;
  if (application.isError) {
    if (isApiError(application.error, 404)) return <NotFound />;
    return <ErrorState message={errorMessage(application.error)} onRetry={() => void application.refetch()} />;
  }
  return <Wizard detail={application.data} step={step} />;
}
