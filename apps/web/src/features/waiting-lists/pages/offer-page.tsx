import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { waitingListMessages, type MyWaitingListEntry } from '@portal/domain/events/waiting-lists.ts';
import { formatCents } from '@portal/domain/money.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useBuyOffer, waitingListEntryQuery } from '../../../shared/waiting-lists/queries.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';

/** Why an entry has nothing to buy, in the words the server refuses it with. */
function overMessage(entry: MyWaitingListEntry): string {
  if (entry.status === 'USED') return waitingListMessages.offerUsed;
  if (entry.status === 'EXPIRED') return waitingListMessages.offerExpired;
  if (entry.status === 'WAITING') return `You are number ${entry.position} on the waiting list: no seats are held yet.`;
  return waitingListMessages.notActive;
}

function Offer({ entry }: { entry: MyWaitingListEntry }) {
  const buy = useBuyOffer();
  const running = entry.status === 'OFFERED' && entry.offerExpiresAt !== null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {entry.title}
        </Title>
        <Text size="sm">
          {entry.quantity} × {formatCents(entry.priceCents)} = {formatCents(entry.totalCents)}
          {entry.organizationName ? ` for ${entry.organizationName}` : ''}
        </Text>
        {running && entry.offerExpiresAt ? (
          <>
            <Text size="sm">Held for you until {new Date(entry.offerExpiresAt).toLocaleString()}.</Text>
            <Button onClick={() => buy.mutate(entry.id)} loading={buy.isPending || buy.isSuccess}>
              Pay by card
            </Button>
          </>
        ) : (
          <Alert color="yellow" title="Nothing to buy">
            {overMessage(entry)}
          </Alert>
        )}
        <Anchor component={Link} to={`/members/events/${entry.eventId}`} size="sm">
          Open the event
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** /members/waiting-lists/offers/{entryId}: the seats a waiting-list offer holds for her, and paying for them. */
export function OfferPage() {
  const entryId = useParams().entryId ?? '';
  const entry = useQuery(waitingListEntryQuery(entryId));
  if (isApiError(entry.error) && entry.error.status < 500 && entry.error.status !== 401) return <NotFound />;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Your waiting-list offer</Title>
      {entry.isPending ? (
        <PageLoader label="Loading offer" />
      ) : entry.isError ? (
        <ErrorState message={errorMessage(entry.error)} onRetry={() => void entry.refetch()} />
      ) : (
        <Offer entry={entry.data} />
      )}
    </Stack>
  );
}
