import { z } from 'zod';
import { maxTicketsPerLine } from '../commerce/cart.ts';
import { formatCents, type Cents } from '../money.ts';
import { paginated } from '../pagination.ts';

/**
 * Seats a district buys ahead (issue 41, docs/decisions/0232-seats-bought-ahead.md): a district
 * administrator buys the seats in their cart from the district fund before the schools know who goes;
 * the fund pays at once and the seats are the district's. Administrators then give seats to the
 * district's schools (each gift is a paid order of the school, which allocates it in Manage Events) or
 * return seats unused (they go back on sale and their price back to the fund).
 */

export interface SeatBlockCount {
  seats: number;
  seatsGiven: number;
  seatsReturned: number;
}

/** The seats a block still holds: bought, less those given to schools and those returned. */
export function seatsLeft(block: SeatBlockCount): number {
  return Math.max(0, block.seats - block.seatsGiven - block.seatsReturned);
}

export type SeatsAheadRefusal = 'cartEmpty' | 'couponOnCart' | 'lineRefused' | 'balanceShort';

/**
 * Whether the administrator's cart can be bought ahead from the fund: it has lines, each still on sale,
 * carries no coupon (seats bought ahead are bought at their listed price) and the fund covers its total.
 */
export function seatsAheadRefusal(cart: {
  lines: number;
  lineRefused: boolean;
  hasCoupon: boolean;
  totalCents: Cents;
  balanceCents: Cents;
}): SeatsAheadRefusal | null {
  if (cart.lines === 0) return 'cartEmpty';
  if (cart.lineRefused) return 'lineRefused';
  if (cart.hasCoupon) return 'couponOnCart';
  if (cart.totalCents > cart.balanceCents) return 'balanceShort';
  return null;
}

export type SeatMoveRefusal = 'tooMany';

/** Giving or returning `seats` of a block: never more than it still holds. */
export function seatMoveRefusal(block: SeatBlockCount, seats: number): SeatMoveRefusal | null {
  return seats > seatsLeft(block) ? 'tooMany' : null;
}

export const districtSeatMessages = {
  sectionTitle: 'Seats bought ahead',
  empty: 'No seats bought ahead yet.',
  cartIntro:
    'Add the seats your schools will need to your cart from PD Services, then buy them here: the fund pays now and the seats are held for the district until you give them to a school.',
  cartEmpty: 'Your cart is empty: add the seats to buy ahead from PD Services first.',
  couponOnCart: 'Take the coupon off your cart first: seats bought ahead are bought at their listed price.',
  balanceShort: (left: Cents) => `The district fund has ${formatCents(left)} left, less than your cart's total.`,
  buyAction: 'Buy ahead from the fund',
  buyConfirmTitle: 'Buy these seats ahead?',
  buyConfirmBody: (total: Cents) =>
    `The fund pays ${formatCents(total)} now. The seats are the district's until you give them to a school or return them.`,
  bought: (seats: number, total: Cents) =>
    `${seats} ${seats === 1 ? 'seat' : 'seats'} bought ahead for ${formatCents(total)}.`,
  giveAction: (title: string) => `Give seats: ${title}`,
  giveTitle: (title: string) => `Give seats of ${title}`,
  giveConfirm: 'Give seats',
  given: (seats: number, school: string) => `${seats} ${seats === 1 ? 'seat' : 'seats'} given to ${school}.`,
  returnAction: (title: string) => `Return seats: ${title}`,
  returnTitle: (title: string) => `Return seats of ${title}`,
  returnBody: 'Returned seats go back on sale to everyone, and their price goes back to the fund.',
  returnConfirm: 'Return seats',
  returned: (seats: number, amount: Cents) =>
    `${seats} ${seats === 1 ? 'seat' : 'seats'} returned; ${formatCents(amount)} is back in the fund.`,
  tooMany: (left: number) => `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left to move.`,
  blockNotFound: 'No such seats were bought ahead by this district.',
  giftSubject: (district: string) => `${district} gave your school seats`,
  boughtReason: (description: string) => `Seats bought ahead: ${description}`,
  returnedReason: (seats: number, title: string) =>
    `${seats} ${seats === 1 ? 'seat' : 'seats'} bought ahead returned unused: ${title}`,
} as const;

const seatCount = z.coerce
  .number('Enter a number of seats')
  .int('Enter a whole number of seats')
  .min(1, 'At least 1 seat')
  .max(maxTicketsPerLine, `At most ${maxTicketsPerLine} seats at a time`);

/** POST …/seat-blocks/:blockId/gifts */
export const seatGiftInput = z.object({
  organizationId: z.uuid('Choose a school'),
  seats: seatCount,
});
export type SeatGiftInput = z.infer<typeof seatGiftInput>;

/** POST …/seat-blocks/:blockId/returns */
export const seatReturnInput = z.object({ seats: seatCount });
export type SeatReturnInput = z.infer<typeof seatReturnInput>;

export const seatBlock = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number(),
  seats: z.number(),
  seatsGiven: z.number(),
  seatsReturned: z.number(),
  seatsLeft: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SeatBlock = z.infer<typeof seatBlock>;
export const seatBlockPage = paginated(seatBlock);
export type SeatBlockPage = z.infer<typeof seatBlockPage>;

/** What the administrator's cart would buy ahead, with why it cannot (null: it can). */
export const seatsAheadCart = z.object({
  lines: z.array(z.object({ title: z.string(), numberOfTickets: z.number(), priceCents: z.number() })),
  totalCents: z.number(),
  balanceCents: z.number(),
  refusal: z.string().nullable(),
});
export type SeatsAheadCart = z.infer<typeof seatsAheadCart>;

export const seatsBoughtReply = z.object({ blocks: z.number(), seats: z.number(), totalCents: z.number() });
export const seatsMovedReply = z.object({ message: z.string(), seatsLeft: z.number() });
