import {
  checkoutOrganization,
  checkoutOrganizationMessages,
  couponRefusal,
  couponRefusals,
  maxTicketsPerLine,
  type AddCartItem,
  type CartReply,
} from '@portal/domain/commerce/cart.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import { quoteMessages, type QuoteIssued } from '@portal/domain/commerce/quotes.ts';
import {
  catalogueMessages,
  lineRefusal,
  purchaseRefusals,
  type PurchaseRefusal,
} from '@portal/domain/events/catalogue.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { expireDueHolds, expireHolds } from '../../core/capacity.ts';
import { addToCart, applicableCoupon, loadCart, presentCart } from '../../core/carts.ts';
import { managedOrganizationIds } from '../../core/memberships.ts';
import { issueQuote } from '../../core/quotes.ts';
import { badRequest, conflict, notFound, type HttpProblem } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { findCouponByCode } from '../../core/coupons.ts';
import { deleteLine, findOwnLine, purchaseTarget, setCartCoupon, setLineQuantity } from './repository.ts';

const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);
const lineNotFound = () => notFound('No such item in your cart.');

/** The cart's own seat check, for a clear message early; the checkout's conditional updates are what guarantee capacity. */
function checkSeatsLeft(remaining: number | null, wanted: number): void {
  if (remaining === null || remaining >= wanted) return;
  const message = remaining === 0 ? catalogueMessages.soldOut : catalogueMessages.notEnoughSeats(remaining);
  throw conflict(message, { numberOfTickets: message });
}

const isShort = (remaining: number | null, wanted: number) => remaining !== null && remaining < wanted;

/**
 * Seats left count holds until the hold-expiry job releases them: when a line looks short, holds
 * already run out are released (capacity.expireDueHolds) and, if any were, the seats are read again.
 */
async function seatsLeft<T>(
  deps: AppDeps,
  read: () => Promise<T>,
  remainingOf: (value: T) => number | null,
  wanted: (value: T) => number,
): Promise<T> {
  const first = await read();
  if (!isShort(remainingOf(first), wanted(first)) || (await expireDueHolds(deps.db, deps.clock())) === 0) return first;
  return read();
}

/** A line the catalogue does not sell, as the problem the add answers: the field to correct when there is one. */
function refusalProblem(refusal: PurchaseRefusal): HttpProblem {
  const message = purchaseRefusals[refusal];
  switch (refusal) {
    case 'notOffered':
      return notFound(message);
    case 'takesApplications':
    case 'closed':
      return conflict(message);
    case 'ticketTypeNotOfEvent':
      return badRequest(message, { ticketTypeId: message });
    case 'sectionRequired':
    case 'sectionNotOfEvent':
    case 'noSections':
      return badRequest(message, { sectionId: message });
  }
}

/** The cart as the reply of every cart route; seats left as counted (holds run out count until released). */
async function currentCart(deps: AppDeps, auth: RequestAuth): Promise<CartReply> {
  return presentCart(await loadCart(deps.db, auth.user.id, deps.clock(), todayOf(deps)));
}

export async function getCart(deps: AppDeps, auth: RequestAuth): Promise<CartReply> {
  await expireHolds(deps.db, deps.clock());
  return currentCart(deps, auth);
}

/**
 * Adds tickets of an event (and, for conference days and institutes, one of its sections): only what
 * the catalogue offers (catalogue.lineRefusal), whatever the screen showed or the request says.
 */
export async function addItem(deps: AppDeps, auth: RequestAuth, input: AddCartItem): Promise<CartReply> {
  const sectionId = input.sectionId ?? null;
  const read = () => purchaseTarget(deps.db, auth.user.id, input.eventId, input.ticketTypeId, sectionId);
  const remainingOf = (target: Awaited<ReturnType<typeof read>>) =>
    target ? (target.section ? target.section.remaining : target.event.remaining) : null;
  const wanted = (target: Awaited<ReturnType<typeof read>>) =>
    Math.min((target?.inCart ?? 0) + input.numberOfTickets, maxTicketsPerLine);
  const target = await seatsLeft(deps, read, remainingOf, wanted);
  if (!target) throw refusalProblem('notOffered');
  const refusal = lineRefusal(
    {
      event: target.event,
      ticketTypeOfEvent: target.ticketTypeFound,
      section: sectionId === null ? 'none' : target.section ? 'ofEvent' : 'notOfEvent',
    },
    todayOf(deps),
  );
  if (refusal) throw refusalProblem(refusal);
  checkSeatsLeft(remainingOf(target), wanted(target));
  await addToCart(deps.db, {
    userId: auth.user.id,
    eventId: input.eventId,
    sectionId,
    ticketTypeId: input.ticketTypeId,
    numberOfTickets: input.numberOfTickets,
  });
  return currentCart(deps, auth);
}

export async function updateItem(
  deps: AppDeps,
  auth: RequestAuth,
  itemId: string,
  numberOfTickets: number,
): Promise<CartReply> {
  const line = await seatsLeft(
    deps,
    () => findOwnLine(deps.db, auth.user.id, itemId),
    (found) => found?.remaining ?? null,
    () => numberOfTickets,
  );
  if (!line) throw lineNotFound();
  checkSeatsLeft(line.remaining, numberOfTickets);
  await setLineQuantity(deps.db, auth.user.id, itemId, numberOfTickets);
  return currentCart(deps, auth);
}

export async function removeItem(deps: AppDeps, auth: RequestAuth, itemId: string): Promise<CartReply> {
  if (!(await deleteLine(deps.db, auth.user.id, itemId))) throw lineNotFound();
  return currentCart(deps, auth);
}

/** Applies a coupon by code (any case); a 400 says why it cannot be used. */
export async function applyCoupon(deps: AppDeps, auth: RequestAuth, code: string): Promise<CartReply> {
  const now = deps.clock();
  const coupon = await findCouponByCode(deps.db, code);
  const cart = await loadCart(deps.db, auth.user.id, now, todayOf(deps));
  const refusal = coupon
    ? couponRefusal(
        coupon,
        now,
        cart.lines.map((line) => line.eventId),
      )
    : 'unknown';
  if (refusal || !coupon) {
    const detail = couponRefusals[refusal ?? 'unknown'];
    throw badRequest(detail, { code: detail });
  }
  await setCartCoupon(deps.db, auth.user.id, coupon.id);
  return currentCart(deps, auth);
}

export async function removeCoupon(deps: AppDeps, auth: RequestAuth): Promise<CartReply> {
  await setCartCoupon(deps.db, auth.user.id, null);
  return currentCart(deps, auth);
}

/**
 * POST /api/cart/quote: the cart as a quote for one organization the buyer administers (as the checkout
 * chooses it), priced here as the checkout prices it (pricing.orderTotals with the coupon that applies).
 * The same unchanged cart answers the same quote while it is valid (core/quotes.ts issueQuote).
 */
export async function quoteCart(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string | undefined,
): Promise<QuoteIssued> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const cart = await loadCart(deps.db, auth.user.id, now, todayOf(deps));
  if (cart.lines.length === 0) throw badRequest(quoteMessages.cartEmpty);
  const refused = cart.lines.find((line) => line.refusal !== null);
  if (refused?.refusal) throw conflict(`${refused.title}: ${purchaseRefusals[refused.refusal]}`);
  const chosen = checkoutOrganization(organizationId, await managedOrganizationIds(deps.db, auth.user.id));
  if ('refusal' in chosen || chosen.organizationId === null) {
    const message =
      'refusal' in chosen ? checkoutOrganizationMessages[chosen.refusal] : quoteMessages.organizationRequired;
    throw badRequest(message, { organizationId: message });
  }
  const coupon = applicableCoupon(cart);
  const totals = orderTotals(cart.lines, coupon);
  return issueQuote(
    deps,
    {
      organizationId: chosen.organizationId,
      subject: 'CART',
      subjectId: null,
      userId: auth.user.id,
      lines: cart.lines.map((line) => ({
        description: `${line.title} (${line.ticketTypeName})`,
        quantity: line.numberOfTickets,
        unitPriceCents: line.price,
        amountCents: line.numberOfTickets * line.price,
      })),
      couponCode: coupon?.code ?? null,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      totalCents: totals.total,
      seats: cart.lines.map((line) => ({
        eventId: line.eventId,
        sectionId: line.sectionId,
        numberOfTickets: line.numberOfTickets,
        title: line.title,
      })),
    },
    now,
  );
}
