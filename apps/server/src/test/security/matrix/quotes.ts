import { issueQuote } from '../../../core/quotes.ts';
import { cartLineOf, userOf, type World } from '../fixtures.ts';
import { anyone, staffOnly, type Rows } from './rows.ts';

/** A quote of school A, made by its owner. */
async function quoteOfA(w: World): Promise<string> {
  const quote = await issueQuote(
    w.t.deps,
    {
      organizationId: w.schoolA.organization.id,
      subject: 'CART',
      subjectId: null,
      userId: w.schoolA.owner.user.id,
      lines: [{ description: 'Matrix ticket', quantity: 1, unitPriceCents: 1_000, amountCents: 1_000 }],
      couponCode: null,
      subtotalCents: 1_000,
      discountCents: 0,
      totalCents: 1_000,
      seats: [],
    },
    w.t.clock(),
  );
  return quote.quoteId;
}

/** Anyone in school A, in any role (staff viewing as its member too); everyone else is told there is no such quote. */
const schoolAOnly = (ok: number) => ({
  ...anyone(404),
  anonymous: 401,
  member: ok,
  admin: ok,
  owner: ok,
  staffAsMember: ok,
});

/** Quotes (issue 41): the cart's, and a quote's PDF for its school and for staff. */
export const quoteRows: Rows = {
  'POST /api/cart/quote': {
    why: 'A quote is for a school its buyer administers: the owners and admins of either school get one; a teacher or staff, who administer none, are refused (400).',
    input: async (w, who) => {
      const user = userOf(w, who);
      if (user) await cartLineOf(w, user.id);
      return { body: {} };
    },
    expect: {
      ...anyone(400),
      anonymous: 401,
      admin: 201,
      owner: 201,
      otherAdmin: 201,
      otherOwner: 201,
    },
  },
  'GET /api/quotes/:id/pdf': {
    why: "A quote is its school's: any member of school A reads it; to anyone else, staff in their own session included (they have /api/admin/quotes), it does not exist.",
    input: async (w) => ({ params: { id: await quoteOfA(w) } }),
    expect: schoolAOnly(200),
  },
  'GET /api/admin/quotes/:id/pdf': {
    input: async (w) => ({ params: { id: await quoteOfA(w) } }),
    expect: staffOnly(200),
  },
};
