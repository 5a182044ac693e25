import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allocationMessages, type AllocationSave, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { pastedListMessages } from '@portal/domain/people/pasted-list.ts';
import {
  aConferenceDayAllocation,
  anAllocation,
  anAllocationSection,
  aSeriesAllocation,
  itemIds,
  organizationId,
  people,
} from '../../../test/allocation.ts';
import { anEventPaymentPage, eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { unsavedChangesMessage } from '../../../ui/unsaved-changes-prompt.tsx';
import { overLimitMessage } from '../../../shared/assignees/assignee-slots.tsx';

const admin = aUser({
  memberships: [{ organizationId, organizationName: 'Lincoln Elementary School', role: 'ADMIN' }],
});
const allocationPath = `/api/event-payments/${eventPaymentId}/allocation`;
const pagePath = `/members/event/assign-tickets?eventPaymentId=${eventPaymentId}`;
const testEnv = { mantineEnv: 'test' } as const;
const anAllocationSectionOf = (numberOfTickets: number) => anAllocationSection({ numberOfTickets, assignedUsers: [] });

/** The organization's people, searched by name the way the server does. */
function searchPeople(everyone: AssignableUser[]) {
  return (_body: unknown, url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const items = everyone.filter((person) => `${person.firstName} ${person.lastName}`.toLowerCase().includes(search));
    return jsonResponse(200, { items, total: items.length });
  };
}

function routes(overrides: Record<string, (body: unknown, url: URL) => Response> = {}) {
  return {
    'GET /api/me': () => jsonResponse(200, admin),
    [`GET ${allocationPath}`]: () => jsonResponse(200, anAllocation()),
    [`GET /api/organizations/${organizationId}/assignable-users`]: searchPeople([people.dana, people.eli, people.finn]),
    ...overrides,
  };
}

async function openPage() {
  const app = renderApp(pagePath, testEnv);
  await screen.findByRole('heading', { level: 1, name: 'Allocate Tickets' }, { timeout: 8000 });
  await screen.findByRole('region', { name: 'Coaching Writing' }, { timeout: 5000 });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });
const picker = (sectionName: string, ticket: number) =>
  within(section(sectionName)).getByRole('combobox', { name: `Ticket ${ticket}` });

async function optionsOf(user: ReturnType<typeof userEvent.setup>, sectionName: string, ticket: number) {
  await user.click(picker(sectionName, ticket));
  const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
  await within(listbox).findAllByRole('option', {}, { timeout: 5000 });
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

async function pick(user: ReturnType<typeof userEvent.setup>, sectionName: string, ticket: number, name: string) {
  await user.click(picker(sectionName, ticket));
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }, { timeout: 5000 }));
}

describe('Allocate Tickets', { timeout: 30_000 }, () => {
  it('shows each event and section with one picker per ticket, filled with the saved assignees', async () => {
    stubFetch(routes());
    await openPage();

    expect(screen.getByRole('button', { name: /Fall Leadership Conference Day/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(section('Coaching Writing')).getByText('10/14/2026 · Room 101')).toBeInTheDocument();
    expect(picker('Coaching Writing', 1)).toHaveValue('Dana Diaz');
    expect(picker('Coaching Writing', 2)).toHaveValue('');
    expect(picker('Data-Driven Instruction', 1)).toHaveValue('');
    expect(
      within(section('Data-Driven Instruction')).queryByRole('combobox', { name: 'Ticket 2' }),
    ).not.toBeInTheDocument();
    expect(within(section('Coaching Writing')).getAllByRole('button', { name: /^Clear selection/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: allocationMessages.addNewUser })).toBeInTheDocument();
    expect(screen.getByText(allocationMessages.notAllAllocated)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers the organization’s users, pending ones marked, and removes a chosen user from the section’s other pickers', async () => {
    stubFetch(routes());
    await openPage();
    const user = userEvent.setup();

    expect(await optionsOf(user, 'Coaching Writing', 2)).toEqual([
      'Eli Evanseli@lincoln.test',
      'Finn Ford (pending)finn@lincoln.test',
    ]);
    await user.keyboard('{Escape}');
    // Dana holds ticket 1 of Coaching Writing, not a ticket of the other section.
    expect(await optionsOf(user, 'Data-Driven Instruction', 1)).toEqual([
      'Dana Diazdana@lincoln.test',
      'Eli Evanseli@lincoln.test',
      'Finn Ford (pending)finn@lincoln.test',
    ]);
  });

  it('lets a buyer without an organization they administer allocate the tickets to themselves only', async () => {
    const buyer = people.eli;
    let saved: AllocationSave | undefined;
    const mine = anAllocation({
      organizationId: null,
      organizationName: null,
      assigneeScope: 'BUYER',
      buyer,
      events: [aConferenceDayAllocation({ sections: [anAllocationSectionOf(2)] })],
    });
    const calls = stubFetch(
      routes({
        'GET /api/me': () =>
          jsonResponse(200, aUser({ id: buyer.id, firstName: 'Eli', lastName: 'Evans', memberships: [] })),
        [`GET ${allocationPath}`]: () => jsonResponse(200, mine),
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, mine);
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();

    expect(screen.getByText(allocationMessages.buyerOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: allocationMessages.addNewUser })).not.toBeInTheDocument();
    expect(await optionsOf(user, 'Coaching Writing', 1)).toEqual(['Eli Evanseli@lincoln.test']);
    await user.click(screen.getByRole('option', { name: /Eli Evans/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ items: [{ itemId: itemIds.writing, assignedUsers: [buyer.id] }] }));
    expect(calls.some((call) => call.path.includes('/assignable-users'))).toBe(false);
  });

  it("offers its buyer 'Assign to me' beside each empty ticket of a line they hold none of: one click fills it, Save saves it", async () => {
    let saved: AllocationSave | undefined;
    const mine = anAllocation({ buyer: people.eli });
    stubFetch(
      routes({
        'GET /api/me': () => jsonResponse(200, { ...admin, id: people.eli.id }),
        [`GET ${allocationPath}`]: () => jsonResponse(200, mine),
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, mine);
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    const assignToMe = (sectionName: string, ticket: number) =>
      within(section(sectionName)).queryByRole('button', {
        name: `${allocationMessages.assignToMe}, ticket ${ticket} of ${sectionName}`,
      });

    expect(assignToMe('Coaching Writing', 1)).not.toBeInTheDocument();
    expect(assignToMe('Coaching Writing', 2)).toBeInTheDocument();
    await user.click(assignToMe('Data-Driven Instruction', 1) as HTMLElement);
    expect(picker('Data-Driven Instruction', 1)).toHaveValue('Eli Evans');
    expect(assignToMe('Data-Driven Instruction', 1)).not.toBeInTheDocument();
    expect(saved).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({
        items: [
          { itemId: itemIds.writing, assignedUsers: [people.dana.id] },
          { itemId: itemIds.data, assignedUsers: [people.eli.id] },
        ],
      }),
    );
  });

  it('shows the one ticket of a buyer who administers no organization chosen for them already, saved by Save', async () => {
    let saved: AllocationSave | undefined;
    const mine = anAllocation({
      organizationId: null,
      organizationName: null,
      assigneeScope: 'BUYER',
      buyer: people.eli,
      events: [aConferenceDayAllocation({ sections: [anAllocationSectionOf(1)] })],
    });
    stubFetch(
      routes({
        'GET /api/me': () => jsonResponse(200, aUser({ id: people.eli.id, memberships: [] })),
        [`GET ${allocationPath}`]: () => jsonResponse(200, mine),
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, mine);
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();

    expect(picker('Coaching Writing', 1)).toHaveValue('Eli Evans');
    expect(screen.queryByText(allocationMessages.notAllAllocated)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({ items: [{ itemId: itemIds.writing, assignedUsers: [people.eli.id] }] }),
    );
  });

  it('searches on the server once typing pauses, for one page of matches', async () => {
    const calls = stubFetch(routes());
    await openPage();
    const user = userEvent.setup();

    await user.click(picker('Coaching Writing', 2));
    await user.keyboard('Fin');
    expect(await screen.findByRole('option', { name: /Finn Ford \(pending\)/ }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: /Eli Evans/ })).not.toBeInTheDocument());
    const searches = calls
      .filter((call) => call.path.startsWith(`/api/organizations/${organizationId}/assignable-users`))
      .map((call) => call.path);
    expect(searches).toEqual([
      `/api/organizations/${organizationId}/assignable-users?page=1&pageSize=25`,
      `/api/organizations/${organizationId}/assignable-users?search=Fin&page=1&pageSize=25`,
    ]);
  });

  it('drops empty slots from the saved allocation and says it was saved', async () => {
    let saved: AllocationSave | undefined;
    stubFetch(
      routes({
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, anAllocation());
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();

    await pick(user, 'Data-Driven Instruction', 1, 'Eli Evans');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(allocationMessages.ticketAllocationsSaved, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(saved).toEqual({
      items: [
        { itemId: itemIds.writing, assignedUsers: [people.dana.id] },
        { itemId: itemIds.data, assignedUsers: [people.eli.id] },
      ],
    });
  });

  it('clears a selection', async () => {
    let saved: AllocationSave | undefined;
    stubFetch(
      routes({
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, anAllocation());
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();

    await user.click(within(section('Coaching Writing')).getByRole('button', { name: /^Clear selection, ticket 1/ }));
    expect(picker('Coaching Writing', 1)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(allocationMessages.ticketAllocationsSaved, {}, { timeout: 5000 });
    expect(saved?.items[0]).toEqual({ itemId: itemIds.writing, assignedUsers: [] });
  });

  it('says "Assignments saved" for a series, and shows the server’s message when a save fails', async () => {
    let fail = true;
    stubFetch(
      routes({
        [`GET ${allocationPath}`]: () => jsonResponse(200, aSeriesAllocation()),
        [`PUT ${allocationPath}`]: () =>
          fail
            ? problemResponse(400, 'Bad Request', { detail: allocationMessages.notAssignable })
            : jsonResponse(200, aSeriesAllocation()),
      }),
    );
    renderApp(pagePath, testEnv);
    await screen.findByRole('region', { name: 'Tickets' }, { timeout: 8000 });
    const user = userEvent.setup();

    await pick(user, 'Tickets', 1, 'Eli Evans');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(allocationMessages.notAssignable, {}, { timeout: 5000 })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(allocationMessages.assignmentsSaved, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('offers no slot past the tickets bought: one picker per ticket, and no "Add another assignee" (issue 39)', async () => {
    stubFetch(routes());
    await openPage();

    for (const [name, tickets] of [
      ['Coaching Writing', 2],
      ['Data-Driven Instruction', 1],
    ] as const) {
      expect(within(section(name)).getAllByRole('combobox', { name: /^Ticket \d+$/ })).toHaveLength(tickets);
    }
    expect(screen.queryByRole('button', { name: /Add another assignee/ })).not.toBeInTheDocument();
  });

  it('shows the excess in red and disables Save while a section is overallocated', async () => {
    // Two tickets bought before staff lowered the section's limit to one.
    const lowered = aConferenceDayAllocation({
      sections: (aConferenceDayAllocation().sections ?? []).map((s) =>
        s.title === 'Data-Driven Instruction' ? { ...s, numberOfTickets: 2, maxTickets: 1 } : s,
      ),
    });
    stubFetch(routes({ [`GET ${allocationPath}`]: () => jsonResponse(200, anAllocation({ events: [lowered] })) }));
    await openPage();
    const user = userEvent.setup();

    await pick(user, 'Data-Driven Instruction', 1, 'Eli Evans');
    await pick(user, 'Data-Driven Instruction', 2, 'Finn Ford');

    const message = await screen.findByText(allocationMessages.overallocated);
    expect(message).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(within(section('Data-Driven Instruction')).getByText(overLimitMessage)).toBeInTheDocument();
    expect(within(section('Data-Driven Instruction')).getByText('· 1 over', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(
      screen.getByRole('button', { name: `${allocationMessages.clearSelection}, ticket 2 of Data-Driven Instruction` }),
    );
    expect(screen.queryByText(allocationMessages.overallocated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('counts the assignees of a grouping’s sections together against its maxTickets (limit, then limit + 1)', async () => {
    const morning = { id: '00000000-0000-4000-8000-0000000b0001', name: 'Morning', maxTickets: 2 };
    const reply = anAllocation({
      events: [
        aConferenceDayAllocation({
          sections: (aConferenceDayAllocation().sections ?? []).map((s) => ({ ...s, grouping: morning })),
        }),
      ],
    });
    stubFetch(routes({ [`GET ${allocationPath}`]: () => jsonResponse(200, reply) }));
    await openPage();
    const user = userEvent.setup();
    const limit = 'Morning: at most 2 tickets over its sections together';
    expect(screen.getByText(limit)).toBeInTheDocument();

    // Dana holds a Coaching Writing ticket: Eli in Data-Driven Instruction makes 2, the limit.
    await pick(user, 'Data-Driven Instruction', 1, 'Eli Evans');
    expect(screen.queryByText(allocationMessages.overallocated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Finn in Coaching Writing makes 3, one over, though each section is within its own limits.
    await pick(user, 'Coaching Writing', 2, 'Finn Ford');
    expect(await screen.findByText(allocationMessages.overallocated)).toBeInTheDocument();
    expect(screen.getByText(limit, { exact: false })).toHaveTextContent(`${limit} · 1 over`);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('counts assignees against the section’s maxTickets too', async () => {
    const reply = anAllocation();
    const [writing, data] = reply.events[0]?.sections ?? [];
    if (!writing || !data) throw new Error('fixture');
    writing.maxTickets = 1;
    writing.assignedUsers = [people.dana, people.eli];
    stubFetch(routes({ [`GET ${allocationPath}`]: () => jsonResponse(200, reply) }));
    await openPage();

    expect(screen.getByText(allocationMessages.overallocated)).toBeInTheDocument();
    expect(within(section('Coaching Writing')).getAllByText(overLimitMessage)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a voided or cancelled payment’s message and allows nothing', async () => {
    stubFetch(
      routes({
        [`GET ${allocationPath}`]: () =>
          jsonResponse(
            200,
            anAllocation({ blocked: { reason: 'voided', message: paymentMessages.voidedOrCancelled } }),
          ),
      }),
    );
    renderApp(pagePath, testEnv);

    expect(await screen.findByText(paymentMessages.voidedOrCancelled, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: allocationMessages.addNewUser })).not.toBeInTheDocument();
  });

  it('keeps an event past its purchase-close window read-only, with its message', async () => {
    const closed = 'Ticket allocation closes 14 days before the event starts.';
    const reply = anAllocation();
    if (reply.events[0]) reply.events[0].closedMessage = closed;
    stubFetch(routes({ [`GET ${allocationPath}`]: () => jsonResponse(200, reply) }));
    await openPage();

    expect(screen.getByText(closed)).toBeInTheDocument();
    expect(picker('Coaching Writing', 1)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('sends a visitor without an eventPaymentId to Manage Events', async () => {
    stubFetch(
      routes({
        'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
        'GET /api/my-tickets': () => jsonResponse(200, { items: [] }),
      }),
    );
    const app = renderApp('/members/event/assign-tickets', testEnv);

    await screen.findByRole('heading', { level: 1, name: 'Manage Events' }, { timeout: 8000 });
    expect(app.location()).toBe('/members/manage-events');
  });

  it('shows a payment it cannot read with Retry', async () => {
    stubFetch(
      routes({
        [`GET ${allocationPath}`]: () => problemResponse(404, 'Not Found', { detail: paymentMessages.notFound }),
      }),
    );
    renderApp(pagePath, testEnv);

    expect(await screen.findByText(paymentMessages.notFound, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    stubFetch(
      routes({
        'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
        'GET /api/my-tickets': () => jsonResponse(200, { items: [] }),
      }),
    );
    const app = await openPage();
    const user = userEvent.setup();

    await pick(user, 'Coaching Writing', 2, 'Eli Evans');
    await user.click(screen.getByRole('link', { name: 'Manage Events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText(unsavedChangesMessage)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.location()).toBe(pagePath);
    expect(picker('Coaching Writing', 2)).toHaveValue('Eli Evans');

    await user.click(screen.getByRole('link', { name: 'Manage Events' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { level: 1, name: 'Manage Events' }, { timeout: 8000 });
    expect(app.location()).toBe('/members/manage-events');
  });

  it('asks the browser to confirm closing the tab only while there are unsaved changes', async () => {
    stubFetch(routes());
    await openPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    expect(unload()).toBe(false);
    await pick(userEvent.setup(), 'Coaching Writing', 2, 'Eli Evans');
    expect(unload()).toBe(true);
  });

  it('opens only the event named by eventId', async () => {
    const reply = anAllocation();
    const other = aConferenceDayAllocation({
      eventId: 'spring-day',
      name: 'Spring Conference Day',
      startDate: '2027-04-01',
      endDate: '2027-04-01',
    });
    other.sections = other.sections.map((part, index) => ({
      ...part,
      itemId: `spring-item-${index}`,
      title: `Spring ${part.title}`,
    }));
    reply.events.push(other);
    stubFetch(routes({ [`GET ${allocationPath}`]: () => jsonResponse(200, reply) }));
    renderApp(`${pagePath}&eventId=spring-day`, testEnv);

    const spring = await screen.findByRole('button', { name: /Spring Conference Day/ }, { timeout: 8000 });
    expect(spring).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Fall Leadership Conference Day/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('heading', { level: 2, name: /Spring Conference Day/ })).toBeInTheDocument();
  });

  it('leaves without asking when nothing changed', async () => {
    stubFetch(
      routes({
        'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
        'GET /api/my-tickets': () => jsonResponse(200, { items: [] }),
      }),
    );
    const app = await openPage();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Manage Events' }));
    await screen.findByRole('heading', { level: 1, name: 'Manage Events' }, { timeout: 8000 });
    expect(app.location()).toBe('/members/manage-events');
  });

  it('fills a section’s empty tickets from a pasted list: the server makes the unknown emails pending users, Save sends them', async () => {
    const newcomer: AssignableUser = {
      id: '00000000-0000-4000-8000-000000000199',
      firstName: 'Nia',
      lastName: 'New',
      email: 'nia@lincoln.test',
      isPending: true,
    };
    let saved: AllocationSave | undefined;
    const calls = stubFetch(
      routes({
        [`POST /api/organizations/${organizationId}/pending-users/list`]: () =>
          jsonResponse(200, { items: [newcomer] }),
        [`PUT ${allocationPath}`]: (body) => {
          saved = body as AllocationSave;
          return jsonResponse(200, anAllocation());
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(section('Coaching Writing')).getByRole('button', {
        name: `${pastedListMessages.paste} for Coaching Writing`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: `${pastedListMessages.paste}: Coaching Writing` });
    await user.click(within(dialog).getByLabelText(pastedListMessages.textLabel, { exact: false }));
    await user.paste('dana@lincoln.test\nNia New <nia@lincoln.test>\nzed@lincoln.test');
    const rows = within(within(dialog).getByRole('table', { name: 'Parsed list' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      pastedListMessages.problems.taken,
      'Ticket 2',
      pastedListMessages.problems.overflow,
    ]);
    await user.click(within(dialog).getByRole('button', { name: pastedListMessages.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      people: [{ email: 'nia@lincoln.test', firstName: 'Nia', lastName: 'New' }],
    });
    expect(picker('Coaching Writing', 2)).toHaveValue('Nia New (pending)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.items.find((item) => item.itemId === itemIds.writing)?.assignedUsers).toEqual([
      people.dana.id,
      newcomer.id,
    ]);
  });
});
