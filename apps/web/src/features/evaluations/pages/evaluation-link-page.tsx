import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { evaluationMessages, type MyEvaluation } from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { CertificateLink } from '../../../shared/certificates/certificate-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { evaluationLinkQuery, useSaveDraftByLink, useSubmitByLink } from '../api/evaluations.ts';
import { EvaluationForm } from '../components/evaluation-form.tsx';

export const evaluationLinkLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(evaluationLinkQuery(params.token ?? ''));
    return null;
  };

/** Outside the members' frame: whoever opens the mail's link may not be signed in. */
function LinkFrame({ children }: { children: ReactNode }) {
  return (
    <Container component="main" size={640} py="xl" px="md">
      <Text fw={700} mb="md">
        Members Portal
      </Text>
      {children}
    </Container>
  );
}

/** /members/evaluate/{token}: the mail's one-click link, her form opened without signing in. */
export function EvaluationLinkPage() {
  const { token = '' } = useParams();
  const evaluation = useQuery(evaluationLinkQuery(token));

  if (isApiError(evaluation.error, 404) || isApiError(evaluation.error, 400))
    return (
      <LinkFrame>
        <Stack gap="lg">
          <Title order={1}>Evaluation</Title>
          <EmptyState
            message={evaluationMessages.linkInvalid}
            action={{ label: 'Go to Manage Events', to: '/members/manage-events' }}
          />
        </Stack>
      </LinkFrame>
    );
  if (evaluation.isPending)
    return (
      <LinkFrame>
        <PageLoader label="Loading the evaluation" />
      </LinkFrame>
    );
  if (evaluation.isError)
    return (
      <LinkFrame>
        <ErrorState message={errorMessage(evaluation.error)} onRetry={() => void evaluation.refetch()} />
      </LinkFrame>
    );
  return (
    <LinkFrame>
      <LinkedEvaluation key={token} token={token} evaluation={evaluation.data} />
    </LinkFrame>
  );
}

function LinkedEvaluation({ token, evaluation }: { token: string; evaluation: MyEvaluation }) {
  const saveDraft = useSaveDraftByLink(token);
  const submit = useSubmitByLink(token);
  const user = useCurrentUser();
  return (
    <EvaluationForm
      evaluation={evaluation}
      saveDraft={saveDraft}
      submit={submit}
      afterSent={
        user ? (
          <>
            <CertificateLink eventId={evaluation.eventId} eventName={evaluation.eventName} />
            <Anchor component={Link} to="/members/manage-events">
              Go to Manage Events
            </Anchor>
          </>
        ) : (
          <>
            <Text size="sm">Your certificate of attendance is under Manage Events once you sign in.</Text>
            <Anchor component={Link} to="/members/manage-events">
              Sign in to download your certificate
            </Anchor>
          </>
        )
      }
    />
  );
}
