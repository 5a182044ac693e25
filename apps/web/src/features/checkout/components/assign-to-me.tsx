import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { allocationMessages, assignToMeOffered, type AllocationSection } from '@portal/domain/tickets/allocation.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { allocationQuery, useAssignToMe } from '../../../shared/commerce/allocation.ts';

interface Line {
  name: string;
  section: AllocationSection;
}

function allocatedCount(section: AllocationSection): string {
  const tickets = section.numberOfTickets === 1 ? 'ticket' : 'tickets';
  return `${section.assignedUsers.length} of ${section.numberOfTickets} ${tickets} allocated`;
}

/**
 * Under a paid cart's success text, for its buyer: each line still open for allocation, how many of
 * its tickets are held, and 'Assign to me' while one is free and the buyer holds none of it. One
 * click saves (no draft here: docs/decisions/0125-assign-to-me.md); 'Allocate tickets' stays the way
 * to give tickets to others. Nothing shows to anyone but the buyer, nor while allocation is blocked.
 */
export function AssignToMe({ eventPaymentId }: { eventPaymentId: string }) {
  const headingId = useId();
  const user = useCurrentUser();
  const allocation = useQuery(allocationQuery(eventPaymentId));
  const assign = useAssignToMe(eventPaymentId);
  const reply = allocation.data;
  if (!user || !reply || reply.blocked || reply.buyer.id !== user.id) return null;
  const lines: Line[] = reply.events
    .filter((event) => event.closedMessage === null)
    .flatMap((event) =>
      event.sections.map((section) => ({
        name: section.sectionId ? `${event.name} — ${section.title}` : event.name,
        section,
      })),
    );
  if (lines.length === 0) return null;

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Your tickets
      </Title>
      {lines.map(({ name, section }) => {
        const offered = assignToMeOffered(
          { numberOfTickets: section.numberOfTickets, slots: section.assignedUsers.map((holder) => holder.id) },
          user.id,
        );
        const held = section.assignedUsers.some((holder) => holder.id === user.id);
        return (
          <Paper key={section.itemId} withBorder p="sm" radius="md">
            <Group justify="space-between" align="center" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text fw={600}>{name}</Text>
                <Text size="sm">
                  {allocatedCount(section)}
                  {held ? ' · one is yours' : ''}
                </Text>
              </div>
              {offered ? (
                <Button
                  variant="light"
                  loading={assign.pendingItemId === section.itemId}
                  disabled={assign.isPending && assign.pendingItemId !== section.itemId}
                  onClick={() => assign.assign(section, user.id)}
                  aria-label={`${allocationMessages.assignToMe}, ${name}`}
                >
                  {allocationMessages.assignToMe}
                </Button>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
