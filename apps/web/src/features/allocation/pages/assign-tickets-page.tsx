import { Accordion, Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  allocationMessages,
  savedMessage,
  soleTicketForBuyer,
  type AllocationReply,
  type AssignableUser,
} from '@portal/domain/tickets/allocation.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { UnsavedChangesPrompt } from '../../../ui/unsaved-changes-prompt.tsx';
import { allocationQuery, useSaveAllocation } from '../../../shared/commerce/allocation.ts';
import { EventAllocation } from '../components/event-allocation.tsx';
import type { AssigneeSource } from '../../../shared/assignees/assignee-picker.tsx';
import type { OrganizationOption } from '../components/new-user-form.tsx';
import { editableSections, saveBodyOf, useAllocationDraft, type Preselection } from '../hooks/use-allocation-draft.ts';

export const manageEventsPath = '/members/manage-events';

const loadAddUserDrawer = () => import('../components/add-user-drawer.tsx');
const AddUserDrawer = lazy(loadAddUserDrawer);

function eventPaymentIdOf(searchParams: URLSearchParams): string | null {
  return searchParams.get('eventPaymentId')?.trim() || null;
}

/** Without an eventPaymentId there is nothing to allocate: back to Manage Events. */
export const assignTicketsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const eventPaymentId = eventPaymentIdOf(new URL(request.url).searchParams);
    if (!eventPaymentId) return redirect(manageEventsPath);
    await queryClient.prefetchQuery(allocationQuery(eventPaymentId));
    return null;
  };

/** The payment's organization first, then the others the member administers. */
function useOrganizationOptions(reply: AllocationReply): OrganizationOption[] {
  const user = useCurrentUser();
  const options = new Map<string, string>();
  if (reply.organizationId) options.set(reply.organizationId, reply.organizationName ?? 'This organization');
  for (const membership of user?.memberships ?? []) {
    if (membership.role === 'OWNER' || membership.role === 'ADMIN')
      options.set(membership.organizationId, membership.organizationName);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/** The organization's people when the member administers the payment's organization; otherwise only the buyer (allocation.assigneeScope). */
function sourceOf(reply: AllocationReply): AssigneeSource {
  return reply.assigneeScope === 'ORGANIZATION' && reply.organizationId
    ? { kind: 'organization', organizationId: reply.organizationId }
    : { kind: 'buyer', buyer: reply.buyer };
}

/**
 * The buyer when they are the one viewing (their 'Assign to me'), and the ticket chosen for them
 * already when they bought a single one and administer no organization (soleTicketForBuyer).
 */
function useBuyerView(reply: AllocationReply): { me: AssignableUser | null; preselection: Preselection | null } {
  const user = useCurrentUser();
  if (!user || user.id !== reply.buyer.id) return { me: null, preselection: null };
  const managesAnOrganization = user.memberships.some(
    (membership) => membership.role === 'OWNER' || membership.role === 'ADMIN',
  );
  const itemId = soleTicketForBuyer(
    editableSections(reply).map((section) => ({
      itemId: section.itemId,
      numberOfTickets: section.numberOfTickets,
      slots: section.assignedUsers.map((assignee) => assignee.id),
    })),
    { isBuyer: true, managesAnOrganization },
  );
  return { me: reply.buyer, preselection: itemId ? { itemId, user: reply.buyer } : null };
}

function AllocationEditor({ reply, eventId }: { reply: AllocationReply; eventId: string | null }) {
  const { me, preselection } = useBuyerView(reply);
  const draft = useAllocationDraft(reply, preselection);
  const save = useSaveAllocation(reply.eventPaymentId);
  const organizations = useOrganizationOptions(reply);
  const [adding, setAdding] = useState(false);
  const [current, setCurrent] = useState(reply);
  const source = sourceOf(current);
  const editable = editableSections(current).length > 0;
  const opened =
    eventId && current.events.some((event) => event.eventId === eventId)
      ? [eventId]
      : current.events.map((event) => event.eventId);

  const submit = () => {
    save.mutate(saveBodyOf(current, draft.draft), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: savedMessage(saved.kind) });
        setCurrent(saved);
        draft.reset(saved);
      },
      onError: notifyError,
    });
  };

  return (
    <Stack gap="md">
      <UnsavedChangesPrompt when={draft.dirty} />
      <Group justify="space-between">
        {source.kind === 'organization' ? (
          <Text>
            Tickets bought for <strong>{current.organizationName}</strong>. Choose one person per ticket.
          </Text>
        ) : (
          <Text>{allocationMessages.buyerOnly}</Text>
        )}
        {editable && source.kind === 'organization' ? (
          <Button
            variant="default"
            onMouseEnter={() => void loadAddUserDrawer()}
            onFocus={() => void loadAddUserDrawer()}
            onClick={() => setAdding(true)}
          >
            {allocationMessages.addNewUser}
          </Button>
        ) : null}
      </Group>
      <Accordion multiple defaultValue={opened} order={2} variant="separated">
        {current.events.map((event) => (
          <EventAllocation key={event.eventId} event={event} source={source} draft={draft} me={me} />
        ))}
      </Accordion>
      <Stack gap="xs" aria-live="polite">
        {draft.check.error ? (
          <Text c="red.9" fw={700}>
            {draft.check.error}
          </Text>
        ) : null}
        {draft.check.warning ? (
          <Alert color="yellow" variant="light">
            <Text size="sm">{draft.check.warning}</Text>
          </Alert>
        ) : null}
      </Stack>
      {editable ? (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={draft.check.error !== null}>
            Save
          </Button>
        </Group>
      ) : null}
      {adding && source.kind === 'organization' ? (
        <Suspense fallback={null}>
          <AddUserDrawer
            opened={adding}
            organizations={organizations}
            organizationId={source.organizationId}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function Blocked({ message }: { message: string }) {
  return (
    <Alert color="gray" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor component={Link} to={manageEventsPath} size="sm">
          Back to Manage Events
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * /members/event/assign-tickets?eventPaymentId=[&eventId=] (events.md §2 'Ticket assignment'): one
 * picker per bought ticket, edited as a local draft and saved at once; a voided, cancelled or closed
 * payment shows why and allows nothing.
 */
export function AssignTicketsPage() {
  const [searchParams] = useSearchParams();
  const eventPaymentId = eventPaymentIdOf(searchParams) ?? '';
  const eventId = searchParams.get('eventId');
  const allocation = useQuery(allocationQuery(eventPaymentId));

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Allocate Tickets</Title>
      {allocation.isPending ? (
        <PageLoader label="Loading the allocation" />
      ) : allocation.isError ? (
        <ErrorState message={errorMessage(allocation.error)} onRetry={() => void allocation.refetch()} />
      ) : allocation.data.blocked ? (
        <Blocked message={allocation.data.blocked.message} />
      ) : (
        <AllocationEditor key={allocation.data.eventPaymentId} reply={allocation.data} eventId={eventId} />
      )}
    </Stack>
  );
}
