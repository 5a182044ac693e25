import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  offersWaitingList,
  type CatalogueEventDetail,
  type ConferenceSection,
} from '@portal/domain/events/catalogue.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import { AddToCartForm } from './add-to-cart-form.tsx';
import { SeatsBadge } from './seats-badge.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { WaitingListPanel } from '../../../shared/waiting-lists/waiting-list-panel.tsx';

interface SectionCardProps {
  event: CatalogueEventDetail;
  section: ConferenceSection;
}

/** One conference-day or institute section: what, when, where, for whom, seats left, and buying it (unless applied for). */
export function SectionCard({ event, section }: SectionCardProps) {
  const headingId = `section-${section.id}`;
  const soldOut = section.remaining === 0;
  // onSale is the server's catalogueOffers: a section of an event that takes applications is chosen in the application,
  // not bought.
  const canBuy = event.onSale && !soldOut && event.ticketTypes.length > 0;

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={4} id={headingId}>
            {section.title}
          </Title>
          <Group gap="xs">
            {section.isFree ? <StatusBadge tone="neutral">Free</StatusBadge> : null}
            <SeatsBadge remaining={section.remaining} />
          </Group>
        </Group>
        {section.dates.length > 0 ? <Text size="sm">{formatUsDates(section.dates)}</Text> : null}
        {section.locationName ? <Text size="sm">{section.locationName}</Text> : null}
        {section.audienceType.length > 0 ? <Text size="sm">Audience: {section.audienceType.join(', ')}</Text> : null}
        {section.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {section.description}
          </Text>
        ) : null}
        {canBuy ? (
          <AddToCartForm
            eventId={event.id}
            sectionId={section.id}
            itemName={section.title}
            ticketTypes={event.ticketTypes}
            remaining={section.remaining}
            isFree={section.isFree}
          />
        ) : null}
        {offersWaitingList(event, section.remaining) ? (
          <WaitingListPanel
            eventId={event.id}
            sectionId={section.id}
            itemName={section.title}
            ticketTypes={event.ticketTypes}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
