import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { NewOrganizationForm } from './new-organization-form.tsx';
import { anAffiliation, ids, lookups, renderWithProviders } from './test-fixtures.tsx';

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

/** One input event for the whole text, as a paste: key-by-key typing is for the phone mask. */
async function fill(user: UserEvent, name: string, value: string) {
  await user.click(field(name));
  await user.paste(value);
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Everything but the district. */
async function fillOrganization(user: UserEvent) {
  await choose(user, 'Organization type', 'School');
  await fill(user, 'Organization name', 'Harbor Learning Academy');
  await fill(user, 'Address 1', '12 Harbor Road');
  await fill(user, 'City', 'Albany');
  await choose(user, 'State / Province', 'New York');
  await fill(user, 'Zip / Postal code', '12207');
  await user.type(field('Phone'), '5185550188');
  await choose(user, 'Position', 'Teacher');
  await user.click(select('Grades'));
  await user.click(await screen.findByRole('option', { name: '2' }));
  await user.click(await screen.findByRole('option', { name: 'K' }));
}

const createdReply = {
  message: 'Success! New Organization Created!',
  organization: { id: ids.washington, name: 'Harbor Learning Academy' },
  affiliation: anAffiliation({
    membershipId: 'm-new',
    organizationName: 'Harbor Learning Academy',
    districtName: null,
  }),
};

const create = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create organization' }));

function renderForm() {
  const onCreated = vi.fn();
  renderWithProviders(<NewOrganizationForm lookups={lookups} onCreated={onCreated} />);
  return { onCreated, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

// A whole organization typed key by key into a controlled form takes a few seconds in jsdom.
describe('Create a New Organization', { timeout: 30_000 }, () => {
  beforeEach(() => notifications.clean());

  it('says what each required field needs', async () => {
    const calls = stubFetch({});
    const { user } = renderForm();

    expect(select('Country')).toHaveValue('United States');
    await create(user);

    expect(await screen.findAllByText('Selection required')).toHaveLength(3);
    for (const message of [
      'Required',
      'Address 1 is required',
      'City is required',
      'State / Province is required',
      'Zip / Postal code is required',
      'Phone is required',
      'District is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('offers the US states for the United States, free text elsewhere, and clears the state on a country change', async () => {
    stubFetch({});
    const { user } = renderForm();

    await choose(user, 'State / Province', 'New York');
    expect(select('State / Province')).toHaveValue('New York');

    await choose(user, 'Country', 'Canada');
    expect(screen.queryByRole('combobox', { name: /^State/ })).not.toBeInTheDocument();
    expect(field('State / Province')).toHaveValue('');
    await fill(user, 'State / Province', 'Ontario');

    await choose(user, 'Country', 'United States');
    expect(select('State / Province')).toHaveValue('');
  });

  it('refuses a phone whose mask is not filled', async () => {
    stubFetch({});
    const { user } = renderForm();

    await user.type(field('Phone'), '518555');
    expect(field('Phone')).toHaveValue('(518) 555-____');
    await create(user);

    expect(await screen.findByText('Phone is invalid')).toBeInTheDocument();
  });

  it('needs a district unless the organization is not part of one', async () => {
    stubFetch({});
    const { user } = renderForm();

    await create(user);
    expect(await screen.findByText('District is required')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Not part of a district' }));
    expect(screen.queryByText('District is required')).not.toBeInTheDocument();
    expect(select('Existing district')).toBeDisabled();
    expect(field('New district name')).toBeDisabled();

    await create(user);
    expect(await screen.findByText('Address 1 is required')).toBeInTheDocument();
    expect(screen.queryByText('District is required')).not.toBeInTheDocument();
  });

  it('creates the organization with an existing district found by search, sending the phone as digits', async () => {
    const calls = stubFetch({
      'GET /api/districts/search': () =>
        jsonResponse(200, { items: [{ id: ids.springfield, name: 'Springfield District' }], total: 1 }),
      'POST /api/organizations': () => jsonResponse(201, createdReply),
    });
    const { user, onCreated } = renderForm();
    await fillOrganization(user);

    await user.type(select('Existing district'), 'Spri');
    await user.click(await screen.findByRole('option', { name: 'Springfield District' }, { timeout: 3_000 }));
    expect(field('New district name')).toBeDisabled();
    await create(user);

    expect(await screen.findByText('Success! New Organization Created!')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledOnce();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      organizationTypeId: ids.school,
      organizationName: 'Harbor Learning Academy',
      addressLine1: '12 Harbor Road',
      addressLine2: null,
      city: 'Albany',
      stateProvince: 'NY',
      country: 'United States',
      zipPostal: '12207',
      phone: '5185550188',
      positionId: ids.teacher,
      gradeIds: [ids.gradeK, ids.grade2],
      isUnaffiliatedToDistrict: false,
      districtId: ids.springfield,
      districtName: null,
    });
  });
});
