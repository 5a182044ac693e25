import { Stack } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EventSubPageHeader } from '../../../shared/staff-events/event-sub-page-header.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { settingsQuery } from '../api/registration.ts';
import { RequestsList } from '../components/requests-list.tsx';
import { SettingsForm } from '../components/settings-form.tsx';

export const groupRegistrationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(settingsQuery(params.eventId ?? ''));
    return null;
  };

/** /admin/events/{id}/group-registration: the event's group registration settings and its registration requests. */
export function GroupRegistrationPage() {
  const eventId = useParams().eventId ?? '';
  const settings = useQuery(settingsQuery(eventId));
  if (isApiError(settings.error, 404) || isApiError(settings.error, 400)) return <NotFound />;
  return (
    <Stack gap="lg">
      <EventSubPageHeader eventId={eventId} title="Group registration" />
      {settings.isPending ? (
        <PageLoader label="Loading group registration settings" />
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <DetailSection title="Settings">
          <SettingsForm key={JSON.stringify(settings.data)} eventId={eventId} settings={settings.data} />
        </DetailSection>
      )}
      <DetailSection title="Registration requests">
        <RequestsList eventId={eventId} />
      </DetailSection>
    </Stack>
  );
}
