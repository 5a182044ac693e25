import { describe, expect, it } from 'vitest';
import { staffPackageMessages as m } from '@portal/domain/packages/admin-rules.ts';
import { inputOf, validatePart } from './package-part-form.tsx';
import { formValuesOf, packageSource } from './part-fields.ts';

describe('package catalogue forms', () => {
  it('shows what the API holds: cents in dollars, lists joined, flags kept', () => {
    const values = formValuesOf('pdSession', {
      name: 'Coaching',
      description: '',
      setting: 'REMOTE',
      minDays: 1,
      maxDays: 5,
      selectionInterval: 2,
      allowZeroSelection: true,
      useCustomSelection: true,
      customSelections: [1, 3],
      dayRate: 150_050,
    });
    expect(values).toMatchObject({
      name: 'Coaching',
      setting: 'REMOTE',
      dayRate: '1500.50',
      maxDays: '5',
      customSelections: '1, 3',
      allowZeroSelection: true,
    });
  });

  it('starts a new part with blanks that make a valid range (maximum 1, interval 1)', () => {
    expect(formValuesOf('event', null)).toEqual({
      eventId: '',
      ticketTypeId: '',
      minParticipants: '0',
      maxParticipants: '1',
      selectionInterval: '1',
      allowZeroSelection: false,
    });
  });

  it("reads a package's school year and travel cost from where the API keeps them", () => {
    const pkg = { name: 'P', schoolYear: { id: 'y1' }, travelCost: { type: 'ACTUAL_COST', amountPerDay: 40_000 } };
    expect(formValuesOf('package', packageSource(pkg))).toMatchObject({
      schoolYearId: 'y1',
      travelCostType: 'ACTUAL_COST',
      travelCostAmount: '400.00',
    });
  });

  it.each([
    ['1,234.5', 123_450],
    ['$0', 0],
    ['12.345', -1],
    ['abc', -1],
  ])('converts the dollars typed (%s) to cents once (%i; -1 is refused)', (typed, cents) => {
    expect(inputOf('institute', { ...formValuesOf('institute', null), participantCost: typed }).participantCost).toBe(
      cents,
    );
  });

  it('says on each field what is wrong, as the server would', () => {
    const group = {
      ...formValuesOf('group', null),
      name: 'Leaders',
      maxAttendees: '10',
      minAttendees: '12',
      enableFreeSeatOffer: true,
      freeSeatsInOffer: '0',
    };
    expect(validatePart('group', group)).toEqual({
      maxAttendees: m.maxBelowMin,
      freeSeatsInOffer: m.freeSeatsRequired,
    });
    const session = {
      ...formValuesOf('pdSession', null),
      name: 'S',
      useCustomSelection: true,
      customSelections: '1, x',
    };
    expect(validatePart('pdSession', session)).toEqual({ customSelections: m.customSelectionsInvalid });
    expect(validatePart('grouping', { title: ' ', description: '', minDays: '1.5' })).toEqual({
      title: m.titleRequired,
      minDays: m.countInvalid,
    });
  });
});
