import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, Navigate, redirect, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  packageMessages,
  packagePaths,
  packageStatusLabels,
  packageStepLabels,
  packageStepRedirect,
  type PackageStep,
} from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { packageRequestQuery } from '../api/package-request.ts';
import type { StepProps } from '../components/step-props.ts';

const stepComponents: Record<PackageStep, ComponentType<StepProps>> = {
  'staff-options': lazy(() =>
    import('../components/staff-options-step.tsx').then((m) => ({ default: m.StaffOptionsStep })),
  ),
  'event-selection': lazy(() =>
    import('../components/event-selection-step.tsx').then((m) => ({ default: m.EventSelectionStep })),
  ),
  'group-selection': lazy(() =>
    import('../components/group-selection-step.tsx').then((m) => ({ default: m.GroupSelectionStep })),
  ),
  'institute-selection': lazy(() =>
    import('../components/institute-selection-step.tsx').then((m) => ({ default: m.InstituteSelectionStep })),
  ),
  review: lazy(() => import('../components/review-step.tsx').then((m) => ({ default: m.ReviewStep }))),
};

/** The request loads with the page; a step it does not have, or any step but review of a request no longer editable, is redirected first. */
export const packageWizardLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (!params.packageRequestId || !params.step) return null;
    const detail = await queryClient.fetchQuery(packageRequestQuery(params.packageRequestId)).catch(() => null);
    const target = detail ? packageStepRedirect(detail.status, detail.steps, params.step) : null;
    return target ? redirect(packagePaths.step(params.packageRequestId, target)) : null;
  };

function StepNav({ detail, step }: { detail: PackageRequestDetail; step: PackageStep }) {
  const steps = detail.editable ? detail.steps : (['review'] as const);
  return (
    <nav aria-label="Package request steps">
      <Group gap="xs" wrap="wrap">
        {steps.map((s, index) => (
          <Button
            key={s}
            component={Link}
            to={packagePaths.step(detail.id, s)}
            size="compact-sm"
            variant={s === step ? 'filled' : 'default'}
            aria-current={s === step ? 'step' : undefined}
          >
            {index + 1}. {packageStepLabels[s]}
          </Button>
        ))}
      </Group>
    </nav>
  );
}

/** /members/manage-services/package-request/{packageRequestId}/{step}: the package request wizard (organizations.md §2, §4). */
export function PackageWizardPage() {
  const params = useParams();
  const id = params.packageRequestId ?? '';
  const request = useQuery(packageRequestQuery(id));
  if (request.isPending) return <PageLoader label="Loading the package request" />;
  if (request.isError) {
    if (isApiError(request.error, 404)) return <NotFound />;
    return <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />;
  }
  const detail = request.data;
  const target = packageStepRedirect(detail.status, detail.steps, params.step ?? '');
  // A request submitted meanwhile (here or elsewhere) shows its review only.
  if (target && !(target === 'review' && params.step === 'review'))
    return <Navigate to={packagePaths.step(id, target)} replace />;
  const step = (params.step ?? 'review') as PackageStep;
  const Step = stepComponents[step];
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={packagePaths.selectService(detail.organization.id)} size="sm">
        Back to Select a Service
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>{detail.package.name}</Title>
        <Text>
          {detail.organization.name} · {detail.package.schoolYear.name} · {packageStatusLabels[detail.status]}
        </Text>
      </Stack>
      <StepNav detail={detail} step={step} />
      {!detail.editable ? (
        <Alert color="gray" variant="light">
          {packageMessages.notEditable}
        </Alert>
      ) : null}
      <Title order={2}>{packageStepLabels[step]}</Title>
      <Suspense fallback={<PageLoader label="Loading this step" />}>
        <Step key={step} detail={detail} />
      </Suspense>
    </Stack>
  );
}
