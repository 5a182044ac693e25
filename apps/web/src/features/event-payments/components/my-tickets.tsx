import { Button, Modal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { allocationMessages, type MyTicket } from '@portal/domain/tickets/allocation.ts';
import { ticketCalendar } from '@portal/domain/tickets/calendar.ts';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { ticketEnded, ticketTransferMessages } from '@portal/domain/tickets/ticket-transfers.ts';
import { calendarDateIn, formatDateRange, formatUsDates } from '@portal/domain/dates.ts';
import { resourcePaths } from '@portal/domain/content/resources.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { CertificateLink } from '../../../shared/certificates/certificate-link.tsx';
import { EvaluationLinks } from '../../../shared/evaluations/evaluation-link.tsx';
import type { PassOnTicket } from '../../../shared/ticket-transfers/pass-on-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { myTicketsQuery } from '../api/my-tickets.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

export const noTickets = 'You have no tickets yet';

// The dialog's colleague picker and its validation (Mantine's Combobox, zod) are no part of the page until a ticket is
// passed on: fetched when a pointer or the focus reaches a Pass on button (decision 0172).
const loadPassOn = () => import('../../../shared/ticket-transfers/pass-on-dialog.tsx');
const PassOnDialog = lazy(() => loadPassOn().then((module) => ({ default: module.PassOnDialog })));
const preloadPassOn = { onPointerEnter: () => void loadPassOn(), onFocus: () => void loadPassOn() };

/** A section's own days; a ticket for a whole event, its first to last day. */
function ticketDates(ticket: MyTicket): string {
  return ticket.sectionId !== null && ticket.dates.length > 0
    ? formatUsDates(ticket.dates)
    : formatDateRange(ticket.startDate, ticket.endDate);
}

/** The section's title; an institute seat, a package's ticket or a registration request's seat says what it is instead. */
function sectionOf(ticket: MyTicket): string {
  if (ticket.kind === 'INSTITUTE_SEAT') return allocationMessages.instituteSeat;
  if (ticket.kind === 'PACKAGE') return allocationMessages.packageTicket;
  if (ticket.kind === 'REGISTRATION_SEAT') return allocationMessages.registrationSeat;
  return ticket.sectionTitle ?? '—';
}

function ticketTitle(ticket: MyTicket): string {
  return ticket.sectionTitle ? `${ticket.eventName}: ${ticket.sectionTitle}` : ticket.eventName;
}

/** Saves the ticket's days as an .ics file the member's calendar can import. */
function downloadCalendar(ticket: MyTicket): void {
  const text = ticketCalendar(
    {
      uid: ticket.id,
      title: ticketTitle(ticket),
      dates: ticket.dates,
      location: ticket.locationName,
      description: ticket.organizationName ?? '',
      qrCodePng: ticket.qrCode.slice(ticket.qrCode.indexOf(',') + 1),
    },
    new Date(),
  );
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${
    ticketTitle(ticket)
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'ticket'
  }.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The ticket's QR code, large enough for a taker's phone to read from the member's screen. */
function TicketCode({ ticket, onClose }: { ticket: MyTicket | null; onClose: () => void }) {
  return (
    <Modal
      opened={ticket !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={ticket ? ticketTitle(ticket) : ''}
      centered
    >
      {ticket ? (
        <Stack align="center" gap="sm">
          {/* A plain image: the PNG's own pixels, at a size a phone camera reads from the screen. */}
          <img src={ticket.qrCode} alt={`Ticket code: ${ticket.eventName}`} width={264} height={264} />
          <Text size="sm" ta="center">
            {ticketScanMessages.codeHelp}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * The tickets allocated to the member, the institute seats their paid applications hold, the
 * tickets of accepted packages assigned to them and their seats on paid registration requests: event,
 * dates, section (or 'Institute seat', 'Package ticket', 'Group registration seat'), location, a
 * calendar download, the ticket's QR code, resources and certificate. An allocated ticket whose event
 * has not ended can be passed on (issue 38); seats and package tickets are their holder's own.
 */
export function MyTickets() {
  const tickets = useQuery(myTicketsQuery);
  const [shown, setShown] = useState<MyTicket | null>(null);
  const [passing, setPassing] = useState<PassOnTicket | null>(null);
  // Mounted from the first Pass on, and kept, so the dialog closes with its animation.
  const [passedOn, setPassedOn] = useState(false);
  if (passing && !passedOn) setPassedOn(true);
  const today = calendarDateIn(new Date(), useProviderTimeZone());
  if (tickets.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading your tickets">
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} height={44} />
        ))}
      </Stack>
    );
  }
  if (tickets.isError) {
    return (
      <ErrorState
        title="Could not load your tickets"
        message={errorMessage(tickets.error)}
        onRetry={() => void tickets.refetch()}
      />
    );
  }
  if (tickets.data.items.length === 0) return <EmptyState message={noTickets} />;
  return (
    <>
      <TicketCode ticket={shown} onClose={() => setShown(null)} />
      {passedOn ? (
        <Suspense fallback={null}>
          <PassOnDialog ticket={passing} onClose={() => setPassing(null)} />
        </Suspense>
      ) : null}
      <ResponsiveTable minWidth={720} withTableBorder striped verticalSpacing="sm" aria-label="My tickets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
            <Table.Th scope="col">Section</Table.Th>
            <Table.Th scope="col">Location</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Ticket code, calendar and resources</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.data.items.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {ticket.eventName}
                </Text>
                {ticket.organizationName ? <Text size="sm">{ticket.organizationName}</Text> : null}
              </Table.Td>
              <Table.Td>{ticketDates(ticket)}</Table.Td>
              <Table.Td>{sectionOf(ticket)}</Table.Td>
              <Table.Td>{ticket.locationName ?? '—'}</Table.Td>
              <Table.Td>
                {/* One action per line: side by side they squeezed each other's labels in a 1280 px table. */}
                <Stack gap="3xs" align="flex-start">
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => setShown(ticket)}
                    aria-label={`${ticketScanMessages.showCode}: ${ticketTitle(ticket)}`}
                  >
                    {ticketScanMessages.showCode}
                  </Button>
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => downloadCalendar(ticket)}
                    aria-label={`Add to calendar: ${ticketTitle(ticket)}`}
                  >
                    Add to calendar
                  </Button>
                  <Button
                    component={Link}
                    to={resourcePaths.member(ticket.eventId, {
                      eventSectionId: ticket.sectionId,
                      eaId: ticket.applicationId,
                    })}
                    variant="subtle"
                    size="xs"
                    aria-label={`Resources: ${ticketTitle(ticket)}`}
                  >
                    Resources
                  </Button>
                  <EvaluationLinks eventId={ticket.eventId} eventName={ticket.eventName} />
                  <CertificateLink eventId={ticket.eventId} eventName={ticket.eventName} variant="rowAction" />
                  {ticket.kind === 'TICKET' && !ticketEnded(ticket.dates, today) ? (
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => setPassing({ id: ticket.id, title: ticketTitle(ticket) })}
                      {...preloadPassOn}
                      aria-label={`${ticketTransferMessages.passOn}: ${ticketTitle(ticket)}`}
                    >
                      {ticketTransferMessages.passOn}
                    </Button>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </>
  );
}
