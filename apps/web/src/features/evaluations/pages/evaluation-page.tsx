import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { evaluationMessages, type MyEvaluation } from '@portal/domain/events/evaluations.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { CertificateLink } from '../../../shared/certificates/certificate-link.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { evaluationQuery, useSaveDraft, useSubmitEvaluation } from '../api/evaluations.ts';
import { EvaluationForm } from '../components/evaluation-form.tsx';

export const evaluationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(evaluationQuery(params.eventId ?? '', params.occasion ?? ''));
    return null;
  };

/** /members/evaluations/{eventId}/{occasion}: the evaluation form, saved as she goes, sent once. */
export function EvaluationPage() {
  const { eventId = '', occasion = '' } = useParams();
  const evaluation = useQuery(evaluationQuery(eventId, occasion));

  if (isApiError(evaluation.error, 404) || isApiError(evaluation.error, 400))
    return (
      <Stack gap="lg">
        <Title order={1}>Evaluation</Title>
        <EmptyState
          message={evaluationMessages.notAsked}
          action={{ label: 'Back to Manage Events', to: '/members/manage-events' }}
        />
      </Stack>
    );
  if (evaluation.isPending) return <PageLoader label="Loading the evaluation" />;
  if (evaluation.isError)
    return <ErrorState message={errorMessage(evaluation.error)} onRetry={() => void evaluation.refetch()} />;
  return <SignedInEvaluation key={`${eventId}/${occasion}`} evaluation={evaluation.data} />;
}

function SignedInEvaluation({ evaluation }: { evaluation: MyEvaluation }) {
  const saveDraft = useSaveDraft(evaluation.eventId, evaluation.occasion);
  const submit = useSubmitEvaluation(evaluation.eventId, evaluation.occasion);
  return (
    <EvaluationForm
      evaluation={evaluation}
      saveDraft={saveDraft}
      submit={submit}
      afterSent={
        <>
          <CertificateLink eventId={evaluation.eventId} eventName={evaluation.eventName} />
          <Anchor component={Link} to="/members/manage-events">
            Back to Manage Events
          </Anchor>
        </>
      }
    />
  );
}
