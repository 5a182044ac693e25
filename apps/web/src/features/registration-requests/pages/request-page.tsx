import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatDateRange, formatMoment } from '@portal/domain/dates.ts';
import {
  registrationRequestMessages as messages,
  registrationRequestPaths,
  type RegistrationRequestDetail,
} from '@portal/domain/registrations/requests.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { requestQuery, useCancelRequest } from '../api/requests.ts';
import { AttendeesForm } from '../components/attendees-form.tsx';
import { paymentStatusLabel, requestStatusLabels } from '../components/labels.ts';
import { PaymentPanel } from '../components/payment-panel.tsx';
import { SeatsForm } from '../components/seats-form.tsx';
import { eventPaymentTones, StatusBadge } from '../../../ui/status-badge.tsx';

export const requestLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient.prefetchQuery(requestQuery(params.requestId ?? '')),
      queryClient.prefetchQuery(paymentOptionsQuery),
    ]);
    return null;
  };

function Summary({ detail }: { detail: RegistrationRequestDetail }) {
  const timeZone = useProviderTimeZone();
  return (
    <Stack gap="2xs">
      <Text size="sm">{formatDateRange(detail.event.startDate, detail.event.endDate)}</Text>
      {detail.event.locationName ? <Text size="sm">{detail.event.locationName}</Text> : null}
      <Text size="sm">Requested {formatMoment(detail.createdAt, timeZone)}</Text>
      {detail.organization ? (
        <Text size="sm">
          {messages.organizationLabel} <strong>{detail.organization.name}</strong>
        </Text>
      ) : null}
      <Text size="sm">
        Seats requested: <strong>{detail.seatsRequested}</strong>
      </Text>
      {detail.requestedSections.length > 0 ? (
        <>
          <Text size="sm">Sections:</Text>
          <List size="sm">
            {detail.requestedSections.map((section) => (
              <List.Item key={section.id}>{section.title}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      {detail.requestedGroupings.length > 0 ? (
        <>
          <Text size="sm">Groupings:</Text>
          <List size="sm">
            {detail.requestedGroupings.map((grouping) => (
              <List.Item key={grouping.id}>{grouping.name}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Group gap="xs">
        {detail.status === 'CANCELLED' ? (
          <StatusBadge tone="cancelled">{requestStatusLabels.CANCELLED}</StatusBadge>
        ) : null}
        <StatusBadge tone={eventPaymentTones[detail.paymentStatus ?? 'PENDING']}>
          Payment: {paymentStatusLabel(detail.paymentStatus)}
        </StatusBadge>
      </Group>
    </Stack>
  );
}

function CancelButton({ detail }: { detail: RegistrationRequestDetail }) {
  const cancel = useCancelRequest(detail.id);
  const confirm = () =>
    openConfirmModal({
      title: 'Cancel this request?',
      children: <Text size="sm">{messages.cancelConfirm}</Text>,
      labels: { confirm: 'Cancel request', cancel: 'Keep request' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: messages.cancelled }),
          onError: notifyError,
        }),
    });
  return (
    <Group>
      <Button color="red" variant="outline" onClick={confirm} loading={cancel.isPending}>
        Cancel request
      </Button>
    </Group>
  );
}

function Request({ detail }: { detail: RegistrationRequestDetail }) {
  return (
    <>
      <Title order={1}>{detail.event.name}</Title>
      <Summary detail={detail} />
      {detail.abilities.changeSeats ? <SeatsForm key={detail.seatsRequested} detail={detail} /> : null}
      <PaymentPanel detail={detail} />
      <AttendeesForm key={detail.seats.map((seat) => seat.attendee?.email ?? '').join('|')} detail={detail} />
      {detail.abilities.cancel ? <CancelButton detail={detail} /> : null}
    </>
  );
}

/** /members/events/registration/requests/{requestId}: seats, attendees, price, coupon and payment. */
export function RequestPage() {
  const requestId = useParams().requestId ?? '';
  const request = useQuery(requestQuery(requestId));
  if (isApiError(request.error) && request.error.status < 500 && request.error.status !== 401) return <NotFound />;
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={registrationRequestPaths.list} size="sm">
        {messages.listTitle}
      </Anchor>
      {request.isPending ? (
        <>
          <Title order={1}>Registration request</Title>
          <PageLoader label="Loading the registration request" />
        </>
      ) : request.isError ? (
        <>
          <Title order={1}>Registration request</Title>
          <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
        </>
      ) : (
        <Request detail={request.data} />
      )}
    </Stack>
  );
}
