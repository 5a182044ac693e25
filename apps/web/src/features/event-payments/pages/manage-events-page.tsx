import { Skeleton, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { useDrawnAfterFirstCommit } from '../../../lib/first-commit.ts';
import { takerEventsQuery } from '../../../shared/attendance/queries.ts';
import { TakerEvents } from '../../../shared/attendance/taker-events.tsx';
import { myCertificatesQuery } from '../../../shared/certificates/queries.ts';
import { unfinishedOrdersQuery } from '../../../shared/commerce/queries.ts';
import { myEvaluationsQuery } from '../../../shared/evaluations/queries.ts';
import { managedOrganizationsQuery } from '../../../shared/managed-organizations/managed-organizations.tsx';
import { MySeatRequests } from '../../../shared/seat-requests/my-seat-requests.tsx';
import { mySeatRequestsQuery } from '../../../shared/seat-requests/queries.ts';
import { eventPaymentsQuery, pageOf } from '../api/event-payments.ts';
import { myTicketsQuery } from '../api/my-tickets.ts';
import { MyTickets } from '../components/my-tickets.tsx';
import { loadManageEventsRest } from '../manage-events-rest-module.ts';

const ManageEventsRest = lazy(() => loadManageEventsRest().then((module) => ({ default: module.ManageEventsRest })));

/**
 * Every read of the page, so that its first render has them all and commits once, rather than once more as each
 * section's read settles (decision 0225).
 */
export const manageEventsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    void loadManageEventsRest();
    await Promise.all([
      queryClient.prefetchQuery(myTicketsQuery),
      queryClient.prefetchQuery(myCertificatesQuery),
      queryClient.prefetchQuery(myEvaluationsQuery),
      queryClient.prefetchQuery(mySeatRequestsQuery),
      queryClient.prefetchQuery(takerEventsQuery),
      queryClient.prefetchQuery(unfinishedOrdersQuery(1)),
      queryClient.prefetchQuery(eventPaymentsQuery(pageOf(new URL(request.url).searchParams))),
      queryClient.prefetchQuery(managedOrganizationsQuery),
    ]);
    return null;
  };

/**
 * /members/manage-events ('Manage Events'): the tickets the member holds, their unfinished orders
 * (discard, pay now, upload the purchase order), then the event payments the member made or may manage,
 * each with a way to allocate its tickets, and for an organization's OWNER or ADMIN the export of its
 * ticket holders.
 */
export function ManageEventsPage() {
  // The first commit draws the first screen; what is below it is rendered after, in a render and a commit of its own
  // that React can interrupt, rather than in one long task with the rest (decision 0225).
  const belowDrawn = useDrawnAfterFirstCommit();
  const belowLoading = <Skeleton height={44} role="status" aria-label="Loading your orders and payments" />;
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Manage Events</Title>
      <Stack component="section" gap="sm" aria-labelledby="my-tickets-heading">
        <Title order={2} size="h3" id="my-tickets-heading">
          My tickets
        </Title>
        <MyTickets />
      </Stack>
      <MySeatRequests />
      <TakerEvents />
      {belowDrawn ? (
        <Suspense fallback={belowLoading}>
          <ManageEventsRest />
        </Suspense>
      ) : (
        belowLoading
      )}
    </Stack>
  );
}
