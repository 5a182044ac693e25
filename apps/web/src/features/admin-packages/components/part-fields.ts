import type { PartKind } from '../api/packages.ts';

/**
 * The catalogue forms as data: each part's fields, named as the API names them, with how each is
 * typed (money in dollars, whole numbers, a list "1, 3, 5") and converted. Zod-free: the page loads
 * this; the schemas come with the form, which loads when a drawer opens.
 */

export type FieldType =
  | 'text'
  | 'textarea'
  | 'money'
  | 'whole'
  | 'list'
  | 'checkbox'
  | 'schoolYear'
  | 'travelCostType'
  | 'setting'
  | 'event'
  | 'ticketType';
export interface FieldSpec {
  name: string;
  label: string;
  type: FieldType;
  description?: string;
}
export type FormValues = Record<string, string | boolean>;

const f = (name: string, label: string, type: FieldType, description?: string): FieldSpec => ({
  name,
  label,
  type,
  ...(description ? { description } : {}),
});

const range = (what: string): FieldSpec[] => [
  f(`min${what}`, `Minimum ${what.toLowerCase()}`, 'whole'),
  f(`max${what}`, `Maximum ${what.toLowerCase()}`, 'whole'),
  f(
    'selectionInterval',
    'Selection interval',
    'whole',
    'The options go from the minimum up to the maximum in steps of this',
  ),
  f('allowZeroSelection', 'Allow a selection of 0', 'checkbox'),
];

export const partFields: Record<PartKind, FieldSpec[]> = {
  package: [
    f('name', 'Name', 'text'),
    f('schoolYearId', 'School year', 'schoolYear'),
    f('description', 'Description', 'textarea'),
    f('schoolBasedPDSessionsDescription', 'PD sessions description', 'textarea'),
    f('eventsDescription', 'Events description', 'textarea'),
    f('groupsDescription', 'Groups description', 'textarea'),
    f('minimumAmount', 'Package minimum ($)', 'money'),
    f('travelCostType', 'Travel cost type', 'travelCostType'),
    f('travelCostAmount', 'Travel cost per day ($)', 'money', 'Per day of a PD session that is not remote'),
  ],
  grouping: [
    f('title', 'Title', 'text'),
    f('description', 'Description', 'textarea'),
    f('minDays', 'Minimum days', 'whole'),
  ],
  pdSession: [
    f('name', 'Name', 'text'),
    f('description', 'Description', 'textarea'),
    f('setting', 'Setting', 'setting'),
    f('dayRate', 'Day rate ($)', 'money'),
    ...range('Days'),
    f('useCustomSelection', 'Offer custom selections instead', 'checkbox'),
    f('customSelections', 'Custom selections', 'list', 'Whole numbers separated by commas, e.g. 1, 3, 5'),
  ],
  event: [f('eventId', 'Event', 'event'), f('ticketTypeId', 'Ticket type', 'ticketType'), ...range('Participants')],
  group: [
    f('name', 'Name', 'text'),
    f('description', 'Description', 'textarea'),
    f('attendeeCost', 'Attendee cost ($)', 'money'),
    f('minAttendees', 'Minimum attendees', 'whole'),
    f('maxAttendees', 'Maximum attendees', 'whole'),
    f('requiredForPurchase', 'Required for purchase', 'checkbox'),
    f('minimumAmount', 'Group minimum ($)', 'money'),
    f('enableFreeSeatOffer', 'Free seat offer', 'checkbox'),
    f('paidSeatsRequiredForOffer', 'Paid seats required for the offer', 'whole'),
    f('freeSeatsInOffer', 'Free seats in the offer', 'whole'),
  ],
  section: [
    f('title', 'Title', 'text'),
    f('description', 'Description', 'textarea'),
    f('minTickets', 'Minimum tickets', 'whole'),
    f('maxTickets', 'Maximum tickets', 'whole'),
    f('staffDevelopers', 'Staff developers', 'text'),
  ],
  institute: [
    f('eventId', 'Institute event', 'event'),
    f('participantCost', 'Participant cost ($)', 'money'),
    ...range('Participants'),
  ],
};

export const partNames: Record<PartKind, string> = {
  package: 'package',
  grouping: 'PD session grouping',
  pdSession: 'PD session',
  event: 'event',
  group: 'group',
  section: 'group section',
  institute: 'institute',
};

const defaults: Partial<Record<FieldType, string | boolean>> = {
  checkbox: false,
  whole: '0',
  money: '0.00',
  setting: 'ON_SITE',
  travelCostType: 'FIXED_COST',
};

/** The form's values from what the API holds (cents shown in dollars), or the blanks of a new part. */
export function formValuesOf(kind: PartKind, source: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    partFields[kind].map((field) => {
      const value = source?.[field.name];
      if (value === undefined || value === null)
        return [
          field.name,
          field.name.startsWith('max') ? '1' : field.name === 'selectionInterval' ? '1' : (defaults[field.type] ?? ''),
        ];
      if (field.type === 'checkbox') return [field.name, value === true];
      if (field.type === 'money') return [field.name, (Number(value) / 100).toFixed(2)];
      if (field.type === 'list') return [field.name, Array.isArray(value) ? value.join(', ') : ''];
      return [field.name, typeof value === 'string' || typeof value === 'number' ? String(value) : ''];
    }),
  );
}

/** A package as its form reads it: the school year's id and the travel cost's type and amount sit on their own. */
export function packageSource(
  pkg: { schoolYear: { id: string }; travelCost: { type: string; amountPerDay: number } } & Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...pkg,
    schoolYearId: pkg.schoolYear.id,
    travelCostType: pkg.travelCost.type,
    travelCostAmount: pkg.travelCost.amountPerDay,
  };
}
