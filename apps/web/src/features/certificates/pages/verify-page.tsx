import { Alert, Stack, Text } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { certificateMessages, hoursLabel } from '@portal/domain/events/certificates.ts';
import { formatUsDate, formatUsDates } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PublicFrame } from '../../../ui/public-frame.tsx';
import { verifyQuery } from '../api/verify.ts';

export const verifyLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.code) void queryClient.prefetchQuery(verifyQuery(params.code));
    return null;
  };

/** The light alerts' coloured titles are below 4.5:1 on their tint: titles take the text colour. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

/** /verify/{code}: anyone, signed in or not, checks a certificate of attendance by its code. */
export function VerifyPage() {
  const { code = '' } = useParams();
  const certificate = useQuery(verifyQuery(code));
  return (
    <PublicFrame title="Certificate verification" width={520}>
      {certificate.isPending ? (
        <PageLoader label="Checking the certificate" />
      ) : certificate.isError ? (
        isApiError(certificate.error, 404) ? (
          <Alert color="red" variant="light" title="Not verified" styles={readableTitle}>
            {certificateMessages.notFound}
          </Alert>
        ) : (
          <ErrorState message={errorMessage(certificate.error)} onRetry={() => void certificate.refetch()} />
        )
      ) : (
        <Stack gap="md">
          <Alert color="green" variant="light" title={certificateMessages.verified} styles={readableTitle}>
            Issued by the provider on {formatUsDate(certificate.data.issuedOn)}.
          </Alert>
          <Line label="Name" value={certificate.data.name} />
          <Line label="Event" value={certificate.data.eventName} />
          <Line label="Professional development" value={hoursLabel(certificate.data.minutesAttended)} />
          <Line label="Dates attended" value={formatUsDates(certificate.data.dates)} />
          <Line label="Verification code" value={certificate.data.code} />
        </Stack>
      )}
    </PublicFrame>
  );
}
