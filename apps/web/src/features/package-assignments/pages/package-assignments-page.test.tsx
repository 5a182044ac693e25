import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allocationMessages, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import {
  notificationsSentMessage,
  packageAssignmentMessages,
  type AllocateTicketsInput,
  type AssignStaffInput,
  type PackageAssignmentsReply,
} from '@portal/domain/packages/assignments.ts';
import { packageAssignmentTabs } from '@portal/domain/packages/paths.ts';
import { pastedListMessages } from '@portal/domain/people/pasted-list.ts';
import { organizationId, people } from '../../../test/allocation.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const requestId = '00000000-0000-4000-8000-0000000b0001';
const ids = {
  event: '00000000-0000-4000-8000-0000000b0101',
  group: '00000000-0000-4000-8000-0000000b0201',
  section: '00000000-0000-4000-8000-0000000b0202',
  institute: '00000000-0000-4000-8000-0000000b0301',
};
const owner = aUser({
  memberships: [{ organizationId, organizationName: 'Lincoln Elementary School', role: 'OWNER' }],
});
const assignmentsPath = `/api/package-requests/${requestId}/assignments`;
const testEnv = { mantineEnv: 'test' } as const;

function aReply(overrides: Partial<PackageAssignmentsReply> = {}): PackageAssignmentsReply {
  return {
    packageRequestId: requestId,
    packageName: 'Comprehensive Literacy Partnership',
    status: 'ACCEPTED',
    organizationId,
    organizationName: 'Lincoln Elementary School',
    newYorkNotice: false,
    events: [
      {
        packageEventId: ids.event,
        eventId: 'e1',
        name: 'Fall Leadership Conference Day',
        startDate: '2026-10-14',
        endDate: '2026-10-14',
        allocated: 2,
        assignedUsers: [people.dana],
      },
    ],
    groups: [
      {
        groupId: ids.group,
        name: 'Leadership Academy',
        sections: [
          { sectionId: ids.section, title: 'Cohort A', staffDevelopers: 'Dana Reyes', allocated: 1, assignedUsers: [] },
        ],
      },
    ],
    institutes: [
      {
        packageInstituteId: ids.institute,
        eventId: 'e2',
        name: 'Summer Writing Institute',
        allocated: 1,
        assignedUsers: [],
      },
    ],
    ...overrides,
  };
}

function searchPeople(everyone: AssignableUser[]) {
  return (_body: unknown, url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const items = everyone.filter((person) => `${person.firstName} ${person.lastName}`.toLowerCase().includes(search));
    return jsonResponse(200, { items, total: items.length });
  };
}

function routes(overrides: Record<string, (body: unknown, url: URL) => Response | Promise<Response>> = {}) {
  return {
    'GET /api/me': () => jsonResponse(200, owner),
    [`GET ${assignmentsPath}`]: () => jsonResponse(200, aReply()),
    [`GET /api/organizations/${organizationId}/assignable-users`]: searchPeople([people.dana, people.eli, people.finn]),
    ...overrides,
  };
}

async function openPage(page: 'assign-tickets' | 'assign-staff', title: string) {
  renderApp(`/members/manage-services/package-request/${requestId}/${page}`, testEnv);
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 });
}

const region = (name: string) => screen.getByRole('region', { name });
const picker = (name: string, ticket: number) =>
  within(region(name)).getByRole('combobox', { name: `Ticket ${ticket}` });

async function pick(user: ReturnType<typeof userEvent.setup>, name: string, ticket: number, person: string) {
  await user.click(picker(name, ticket));
  await user.click(await screen.findByRole('option', { name: new RegExp(person) }, { timeout: 5000 }));
}

describe('package ticket assignment', { timeout: 30_000 }, () => {
  it('Allocate Tickets opens the three tabs on the conference days, one picker per ticket, saved assignees filled', async () => {
    stubFetch(routes());
    await openPage('assign-tickets', 'Allocate Tickets');
    await screen.findByRole('region', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(Object.values(packageAssignmentTabs));
    expect(screen.getByRole('tab', { name: packageAssignmentTabs['allocate-tickets'] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(picker('Fall Leadership Conference Day', 1)).toHaveValue('Dana Diaz');
    expect(picker('Fall Leadership Conference Day', 2)).toHaveValue('');
    expect(within(region('Fall Leadership Conference Day')).getByText('1 of 2 assigned')).toBeInTheDocument();
    expect(screen.queryByText(packageAssignmentMessages.newYorkNotice)).not.toBeInTheDocument();
  });

  it('saves a tab as its segment and shows the toast', async () => {
    let saved: AllocateTicketsInput | undefined;
    const calls = stubFetch(
      routes({
        [`PUT ${assignmentsPath}/allocate-tickets`]: (body) => {
          saved = body as AllocateTicketsInput;
          return jsonResponse(
            200,
            aReply({ events: [{ ...aReply().events[0]!, assignedUsers: [people.dana, people.eli] }] }),
          );
        },
      }),
    );
    await openPage('assign-tickets', 'Allocate Tickets');
    await screen.findByRole('region', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });
    const user = userEvent.setup();
    const save = screen.getAllByRole('button', { name: 'Save' })[0]!;
    expect(save).toBeDisabled();
    await pick(user, 'Fall Leadership Conference Day', 2, 'Eli Evans');
    await user.click(save);

    expect(await screen.findByText(allocationMessages.assignmentsSaved, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saved).toEqual({ events: [{ packageEventId: ids.event, assignedUsers: [people.dana.id, people.eli.id] }] });
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      `${assignmentsPath}/allocate-tickets`,
    ]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('fills a line’s empty tickets from a pasted list, resolved on the server, and saves them with the tab', async () => {
    let saved: AllocateTicketsInput | undefined;
    stubFetch(
      routes({
        [`POST /api/organizations/${organizationId}/pending-users/list`]: () =>
          jsonResponse(200, { items: [people.eli] }),
        [`PUT ${assignmentsPath}/allocate-tickets`]: (body) => {
          saved = body as AllocateTicketsInput;
          return jsonResponse(200, aReply());
        },
      }),
    );
    await openPage('assign-tickets', 'Allocate Tickets');
    await screen.findByRole('region', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(
      within(region('Fall Leadership Conference Day')).getByRole('button', {
        name: `${pastedListMessages.paste} for Fall Leadership Conference Day`,
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `${pastedListMessages.paste}: Fall Leadership Conference Day`,
    });
    await user.click(within(dialog).getByLabelText(pastedListMessages.textLabel, { exact: false }));
    await user.paste(`${people.eli.email}`);
    await user.click(within(dialog).getByRole('button', { name: pastedListMessages.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(picker('Fall Leadership Conference Day', 2)).toHaveValue('Eli Evans');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() =>
      expect(saved).toEqual({
        events: [{ packageEventId: ids.event, assignedUsers: [people.dana.id, people.eli.id] }],
      }),
    );
  });

  it('Assign Staff opens on the group sections, sends groupId and sectionId, and shows the server’s refusal', async () => {
    let saved: AssignStaffInput | undefined;
    stubFetch(
      routes({
        [`PUT ${assignmentsPath}/assign-staff`]: (body) => {
          saved = body as AssignStaffInput;
          return problemResponse(400, 'Bad Request', { detail: allocationMessages.notAssignable });
        },
      }),
    );
    await openPage('assign-staff', 'Assign Staff');
    await screen.findByRole('region', { name: 'Leadership Academy: Cohort A' }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: packageAssignmentTabs['assign-staff'] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Staff developer: Dana Reyes')).toBeInTheDocument();
    const user = userEvent.setup();
    await pick(user, 'Leadership Academy: Cohort A', 1, 'Finn Ford');
    const panel = screen.getByRole('tabpanel', { name: packageAssignmentTabs['assign-staff'] });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(allocationMessages.notAssignable, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saved).toEqual({
      groups: [{ groupId: ids.group, sectionId: ids.section, assignedUsers: [people.finn.id] }],
    });
    expect(picker('Leadership Academy: Cohort A', 1)).toHaveValue('Finn Ford (pending)');
  });

  it('marks assignees over what an item holds and refuses to save them', async () => {
    stubFetch(
      routes({
        [`GET ${assignmentsPath}`]: () =>
          jsonResponse(
            200,
            aReply({
              institutes: [{ ...aReply().institutes[0]!, allocated: 1, assignedUsers: [people.dana, people.eli] }],
            }),
          ),
      }),
    );
    await openPage('assign-tickets', 'Allocate Tickets');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('tab', { name: packageAssignmentTabs['assign-applicants'] }, { timeout: 5000 }),
    );
    const panel = screen.getByRole('tabpanel', { name: packageAssignmentTabs['assign-applicants'] });
    expect(within(panel).getByText(allocationMessages.overallocated)).toBeInTheDocument();
    expect(within(panel).getByText('Over the limit')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the New York notice to a principal and the empty message for a package with nothing to assign', async () => {
    stubFetch(
      routes({
        [`GET ${assignmentsPath}`]: () =>
          jsonResponse(200, aReply({ newYorkNotice: true, events: [], groups: [], institutes: [] })),
      }),
    );
    await openPage('assign-tickets', 'Allocate Tickets');
    expect(await screen.findByText(packageAssignmentMessages.newYorkNotice, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(packageAssignmentMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('an empty tab says so', async () => {
    stubFetch(routes({ [`GET ${assignmentsPath}`]: () => jsonResponse(200, aReply({ groups: [] })) }));
    await openPage('assign-staff', 'Assign Staff');
    const panel = await screen.findByRole(
      'tabpanel',
      { name: packageAssignmentTabs['assign-staff'] },
      { timeout: 5000 },
    );
    expect(within(panel).getByText(packageAssignmentMessages.empty)).toBeInTheDocument();
  });

  it('a request not accepted shows the server’s message; an unknown one is not found', async () => {
    stubFetch(
      routes({
        [`GET ${assignmentsPath}`]: () =>
          problemResponse(409, 'Conflict', { detail: packageAssignmentMessages.notAccepted }),
      }),
    );
    await openPage('assign-tickets', 'Allocate Tickets');
    expect(await screen.findByText(packageAssignmentMessages.notAccepted, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('an unknown request is not found', async () => {
    stubFetch(
      routes({
        [`GET ${assignmentsPath}`]: () => problemResponse(404, 'Not Found', { detail: 'No such package request.' }),
      }),
    );
    await openPage('assign-staff', 'Assign Staff');
    expect(await screen.findByRole('heading', { name: /not found/i }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('Send Update Notifications', { timeout: 30_000 }, () => {
  const notificationsPath = `${assignmentsPath}/notifications`;
  const sendButton = () => screen.getByRole('button', { name: packageAssignmentMessages.sendNotifications });

  async function openWithButton() {
    await openPage('assign-tickets', 'Allocate Tickets');
    await screen.findByRole('region', { name: 'Fall Leadership Conference Day' }, { timeout: 5000 });
    return userEvent.setup();
  }

  it('asks first, sends once however often it is clicked while sending, then shows the toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch(
      routes({ [`POST ${notificationsPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)) }),
    );
    const user = await openWithButton();
    expect(sendButton()).toHaveAccessibleDescription(packageAssignmentMessages.sendNotificationsHint);

    await user.click(sendButton());
    const dialog = await screen.findByRole(
      'dialog',
      { name: packageAssignmentMessages.sendNotificationsTitle },
      { timeout: 5000 },
    );
    expect(within(dialog).getByText(packageAssignmentMessages.sendNotificationsConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sendButton()).toBeDisabled());
    await user.click(sendButton());
    answer(jsonResponse(200, { notified: 1 }));

    expect(await screen.findByText(notificationsSentMessage(1), {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([notificationsPath]);
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('cancelling sends nothing', async () => {
    const calls = stubFetch(routes());
    const user = await openWithButton();
    await user.click(sendButton());
    await user.click(
      within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(sendButton()).toBeEnabled();
  });

  it('shows the server’s refusal', async () => {
    stubFetch(
      routes({
        [`POST ${notificationsPath}`]: () =>
          problemResponse(409, 'Conflict', { detail: packageAssignmentMessages.notAccepted }),
      }),
    );
    const user = await openWithButton();
    await user.click(sendButton());
    await user.click(
      within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Send' }),
    );

    expect(await screen.findByText(packageAssignmentMessages.notAccepted, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is disabled, saying why, while nobody is assigned and while a tab has unsaved changes', async () => {
    stubFetch(
      routes({
        [`GET ${assignmentsPath}`]: () =>
          jsonResponse(200, aReply({ events: [{ ...aReply().events[0]!, assignedUsers: [] }] })),
      }),
    );
    const user = await openWithButton();
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(packageAssignmentMessages.nobodyAssigned);

    await pick(user, 'Fall Leadership Conference Day', 1, 'Eli Evans');

    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(packageAssignmentMessages.saveBeforeNotifying);
  });
});
