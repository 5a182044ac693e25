import { describe, expect, it } from 'vitest';
import {
  offersWaitingList,
  pageOffersWaitingList,
  type CatalogueEventDetail,
  catalogueFilterMessages,
  catalogueIsFiltered,
  catalogueMessages,
  catalogueOffers,
  catalogueQuery,
  eventRefusal,
  lineRefusal,
  purchaseRefusals,
  type LineTerms,
  type PurchaseRefusal,
} from './catalogue.ts';

describe('catalogueMessages.notEnoughSeats', () => {
  it.each([
    [1, 'Only 1 ticket is left.'],
    [2, 'Only 2 tickets are left.'],
  ])('%i left', (remaining, message) => {
    expect(catalogueMessages.notEnoughSeats(remaining)).toBe(message);
  });
});

describe('catalogueQuery', () => {
  it.each([
    [{}, { page: 1, pageSize: 25 }],
    [
      { page: '2', pageSize: '100', search: '  fall ' },
      { page: 2, pageSize: 100, search: 'fall' },
    ],
  ])('parses %j', (input, expected) => {
    expect(catalogueQuery.parse(input)).toEqual(expected);
  });

  it.each([
    [
      { from: '2027-01-01', to: '2027-01-31' },
      { from: '2027-01-01', to: '2027-01-31' },
    ],
    [
      { from: '2027-01-01', to: '2027-01-01' },
      { from: '2027-01-01', to: '2027-01-01' },
    ],
    [{ from: '2027-01-01' }, { from: '2027-01-01' }],
    [{ to: '2027-01-31' }, { to: '2027-01-31' }],
    [{ kind: 'INSTITUTE' }, { kind: 'INSTITUTE' }],
    [{ kind: 'APPLICATIONS' }, { kind: 'APPLICATIONS' }],
    [{ format: 'ONLINE' }, { format: 'ONLINE' }],
    [{ format: 'IN_PERSON' }, { format: 'IN_PERSON' }],
    [{ grade: '6-8' }, { grade: '6-8' }],
    [{ grade: 'LEADERS' }, { grade: 'LEADERS' }],
  ])('parses the filters %j', (input, expected) => {
    expect(catalogueQuery.parse(input)).toEqual({ page: 1, pageSize: 25, ...expected });
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ search: 'x'.repeat(101) }, 'search'],
    [{ from: '2027-02-30' }, 'from'],
    [{ to: '01/31/2027' }, 'to'],
    [{ kind: 'WORKSHOP' }, 'kind'],
    [{ format: 'HYBRID' }, 'format'],
    [{ grade: 'K-2' }, 'grade'],
    [{ grade: '6-8,9-12' }, 'grade'],
    [{ from: '2027-02-01', to: '2027-01-31' }, 'to'],
  ])('refuses %j on %s', (input, field) => {
    const result = catalogueQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('says why a date range is refused', () => {
    expect(catalogueQuery.safeParse({ from: '2027-02-01', to: '2027-01-31' }).error?.issues[0]?.message).toBe(
      catalogueFilterMessages.dateOrder,
    );
  });
});

describe('catalogueIsFiltered', () => {
  it.each([
    [{}, false],
    [{ search: '' }, false],
    [{ search: 'writing' }, true],
    [{ from: '2027-01-01' }, true],
    [{ to: '2027-01-01' }, true],
    [{ kind: 'SERIES' as const }, true],
    [{ format: 'ONLINE' as const }, true],
    [{ grade: '9-12' as const }, true],
  ])('%j: %s', (query, filtered) => {
    expect(catalogueIsFiltered(query)).toBe(filtered);
  });
});

describe('catalogueOffers and lineRefusal: what the catalogue sells, at add and at checkout', () => {
  const today = '2026-11-22';
  // Closes 3 days before: an event on 11-25 is still on sale on the 22nd, one on the 24th is not.
  const onSale = { published: true, acceptsApplications: false, startDate: '2026-11-25', daysBeforePurchaseClose: 3 };

  it.each<[string, Partial<typeof onSale>, ReturnType<typeof eventRefusal>]>([
    ['a published event before purchase close', {}, null],
    ['the last day before purchase close', { startDate: '2026-11-25' }, null],
    ['the first day after purchase close', { startDate: '2026-11-24' }, 'closed'],
    ['an unpublished event', { published: false }, 'notOffered'],
    ['an event that takes applications (the Coaching Institute)', { acceptsApplications: true }, 'takesApplications'],
    ['unpublished wins over applications', { published: false, acceptsApplications: true }, 'notOffered'],
    ['applications win over closed', { acceptsApplications: true, startDate: '2026-11-23' }, 'takesApplications'],
  ])('%s', (_name, change, refusal) => {
    const event = { ...onSale, ...change };
    expect(eventRefusal(event, today)).toBe(refusal);
    expect(catalogueOffers(event, today)).toBe(refusal === null);
  });

  const line = (
    change: {
      ticketTypeOfEvent?: boolean;
      section?: LineTerms['section'];
      hasSections?: boolean;
      event?: Partial<typeof onSale>;
    } = {},
  ): LineTerms => ({
    event: { ...onSale, ...change.event, hasSections: change.hasSections ?? true },
    ticketTypeOfEvent: change.ticketTypeOfEvent ?? true,
    section: change.section ?? 'ofEvent',
  });

  it.each<[string, LineTerms, PurchaseRefusal | null]>([
    ['a section of a conference day', line(), null],
    ['a series event as a whole', line({ hasSections: false, section: 'none' }), null],
    ['a conference day without a section', line({ section: 'none' }), 'sectionRequired'],
    ["another event's section", line({ section: 'notOfEvent' }), 'sectionNotOfEvent'],
    [
      'a section named for an event without sections',
      line({ hasSections: false, section: 'notOfEvent' }),
      'noSections',
    ],
    ["another event's ticket type", line({ ticketTypeOfEvent: false }), 'ticketTypeNotOfEvent'],
    [
      'a section of an institute that takes applications',
      line({ event: { acceptsApplications: true } }),
      'takesApplications',
    ],
    ['a closed event, even with a valid section', line({ event: { startDate: '2026-11-23' } }), 'closed'],
  ])('%s', (_name, terms, refusal) => {
    expect(lineRefusal(terms, today)).toBe(refusal);
  });

  it("says why in words, the closed text being the catalogue's own", () => {
    expect(purchaseRefusals.closed).toBe(catalogueMessages.purchaseClosed);
    expect(purchaseRefusals.takesApplications).toMatch(/takes applications/);
    expect(purchaseRefusals.sectionRequired).toBe(catalogueMessages.sectionRequired);
  });
});

describe('offersWaitingList and pageOffersWaitingList: where the event page shows a waiting list', () => {
  const ticketType = { id: 't-1', name: 'Day', priceCents: 14_900 };
  const section = (remaining: number | null) =>
    ({ remaining }) as CatalogueEventDetail['paths'][number]['groupings'][number]['sections'][number];
  const eventWith = (terms: {
    onSale?: boolean;
    ticketTypes?: number;
    remaining?: number | null;
    sections?: (number | null)[];
  }) =>
    ({
      onSale: terms.onSale ?? true,
      ticketTypes: Array.from({ length: terms.ticketTypes ?? 1 }, () => ticketType),
      remaining: terms.remaining ?? null,
      paths: terms.sections
        ? [
            {
              id: 'p',
              name: 'first-year',
              groupings: [{ id: 'g', name: 'Morning', sections: terms.sections.map(section) }],
            },
          ]
        : [],
    }) as CatalogueEventDetail;

  it.each([
    ['a sold-out section of an event on sale', eventWith({}), 0, true],
    ['one seat left', eventWith({}), 1, false],
    ['no limit', eventWith({}), null, false],
    ['an event not on sale', eventWith({ onSale: false }), 0, false],
    ['an event without ticket types', eventWith({ ticketTypes: 0 }), 0, false],
  ])('%s', (_case, event, remaining, offered) => {
    expect(offersWaitingList(event, remaining)).toBe(offered);
  });

  it.each([
    ['one sold-out section among others', eventWith({ sections: [3, 0, null] }), true],
    ['every section with seats', eventWith({ sections: [3, 1, null] }), false],
    ['no sections, the event sold out', eventWith({ remaining: 0 }), true],
    ['no sections, seats left', eventWith({ remaining: 2 }), false],
    ['a sold-out section of an event not on sale', eventWith({ onSale: false, sections: [0] }), false],
  ])('the page with %s', (_case, event, offered) => {
    expect(pageOffersWaitingList(event)).toBe(offered);
  });
});
