import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { AllocationReply } from '@portal/domain/tickets/allocation.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';

/**
 * A payment's allocation as staff read it: per event, per section, who holds the tickets bought.
 * Why the member cannot allocate is said once, above; an event's own deadline only when it is not
 * that reason already (one event of several closed).
 */
export function AllocationSummary({ allocation }: { allocation: AllocationReply }) {
  const blockedMessage = allocation.blocked?.message ?? null;
  return (
    <Stack gap="md">
      {blockedMessage ? (
        <Card withBorder padding="lg">
          <Stack gap="2xs">
            <Text fw={600}>Allocation is blocked for the member</Text>
            <Text size="sm">{blockedMessage}</Text>
          </Stack>
        </Card>
      ) : null}
      {allocation.events.length === 0 ? <Text>No tickets in this payment.</Text> : null}
      {allocation.events.map((event) => (
        <Stack key={event.eventId} gap="sm" component="section" aria-label={event.name}>
          <Title order={3} size="h4">
            {event.name}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateRange(event.startDate, event.endDate)}
            {event.closedMessage && event.closedMessage !== blockedMessage ? ` · ${event.closedMessage}` : ''}
          </Text>
          {event.sections.map((section) => {
            const allocated = section.assignedUsers.length;
            return (
              <Card
                key={section.itemId}
                withBorder
                padding="sm"
                component="article"
                aria-label={`${event.name}: ${section.title}`}
              >
                <Group justify="space-between" align="baseline" wrap="wrap">
                  <Title order={4} size="h5">
                    {section.title}
                  </Title>
                  <Text size="sm" fw={500}>
                    {allocated} / {section.numberOfTickets} allocated
                  </Text>
                </Group>
                {section.dates.length > 0 || section.locationName ? (
                  <Text size="sm" c="dimmed">
                    {[
                      section.dates.length > 0
                        ? formatDateRange(section.dates[0] ?? '', section.dates.at(-1) ?? '')
                        : null,
                      section.locationName,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                ) : null}
                {allocated === 0 ? (
                  <Text size="sm" mt="xs">
                    No holders yet
                  </Text>
                ) : (
                  <List size="sm" mt="xs" spacing="2xs" aria-label={`Holders of ${section.title}`}>
                    {section.assignedUsers.map((user) => (
                      <List.Item key={user.id}>
                        <Group gap="xs" wrap="wrap">
                          <Text size="sm">{displayName(user)}</Text>
                          <Text size="sm" c="dimmed">
                            <EmailAddress email={user.email} />
                          </Text>
                          {user.isPending ? (
                            <Badge size="sm" variant="light" color="yellow" c="dark">
                              Pending
                            </Badge>
                          ) : null}
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                )}
              </Card>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
