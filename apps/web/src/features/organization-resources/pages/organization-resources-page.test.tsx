import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  organizationResourceMessages,
  type OrganizationResourceFilters,
  type OrganizationResourceList,
  type OrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const filters: OrganizationResourceFilters = {
  organizations: [
    { id: 'org-1', name: 'Lincoln Elementary School' },
    { id: 'org-2', name: 'Washington Middle School' },
  ],
  schoolYears: [
    { id: 'y-27', name: '2027-2028' },
    { id: 'y-26', name: '2026-2027' },
  ],
  preselectedSchoolYearId: 'y-26',
};
const talkMoves: OrganizationResourceRow = {
  id: 'r-1',
  title: 'Math talk moves',
  grades: 'K–5',
  description: 'Number talks <b>for</b> the first month.',
  url: null,
  file: { name: 'talk-moves.pdf', size: 2048 },
  titleParts: null,
  descriptionParts: null,
  isFavorited: false,
};
const list = (items: OrganizationResourceRow[]): OrganizationResourceList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

describe('Organization Resources', { timeout: 30_000 }, () => {
  it('preselects the first organization and the year under way, lists resources, and searches once typing stops, keeping it in the URL', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/organization-resources/filters': () => jsonResponse(200, filters),
      'GET /api/organization-resources': (_, url) =>
        jsonResponse(
          200,
          url.searchParams.get('search') === 'talk'
            ? list([
                {
                  ...talkMoves,
                  titleParts: [
                    { text: 'Math ', match: false },
                    { text: 'talk', match: true },
                    { text: ' moves', match: false },
                  ],
                },
              ])
            : url.searchParams.get('search')
              ? list([])
              : list([talkMoves]),
        ),
    });
    const view = renderApp('/members/organization-resources');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organization Resources' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: talkMoves.title })).toBeInTheDocument();
    expect(screen.getByLabelText('Organization')).toHaveValue('org-1');
    expect(screen.getByLabelText('School year')).toHaveValue('y-26');
    expect(screen.getByText('1 item')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: talkMoves.title });
    expect(within(card).getByRole('link', { name: talkMoves.title })).toHaveAttribute(
      'href',
      '/api/organization-resources/r-1/file',
    );
    expect(within(card).getByText('K–5')).toBeInTheDocument();
    // Text from the server is text: a tag in a description is shown, not rendered.
    expect(within(card).getByText('Number talks <b>for</b> the first month.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.path.includes('organizationId=org-1') && call.path.includes('schoolYearId=y-26')),
    ).toBe(true);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'talk');
    await waitFor(() => expect(view.location()).toContain('search=talk'), { timeout: 3000 });
    const marked = await screen.findByText('talk', { selector: 'mark' });
    expect(marked).toBeInTheDocument();
    const searches = calls.filter(
      (call) => call.path.startsWith('/api/organization-resources?') && call.path.includes('search='),
    );
    expect(searches.map((call) => new URL(call.path, 'http://localhost').searchParams.get('search'))).toEqual(['talk']);

    await user.selectOptions(screen.getByLabelText('Organization'), 'org-2');
    await waitFor(() => expect(view.location()).toContain('organizationId=org-2'));
    await user.type(screen.getByRole('searchbox', { name: 'Search resources' }), 'zzz');
    expect(await screen.findByText(organizationResourceMessages.empty, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('0 items')).toBeInTheDocument();
  });

  it('shows the loading state, then the server’s refusal', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/organization-resources/filters': () => jsonResponse(200, filters),
      'GET /api/organization-resources': () =>
        problemResponse(404, 'Not Found', { detail: organizationResourceMessages.notMember }),
    });
    renderApp('/members/organization-resources?organizationId=org-2');
    expect(await screen.findByText(organizationResourceMessages.notMember, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load resources')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading resources' })).not.toBeInTheDocument());
  });

  it('tells a member without an organization there is nothing to show', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ memberships: [] })),
      'GET /api/organization-resources/filters': () => jsonResponse(200, { ...filters, organizations: [] }),
    });
    renderApp('/members/organization-resources');
    expect(
      await screen.findByText(organizationResourceMessages.noOrganization, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
