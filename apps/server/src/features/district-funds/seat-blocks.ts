import { calendarDateIn } from '@portal/domain/dates.ts';
import {
  districtSeatMessages,
  type SeatGiftInput,
  type SeatReturnInput,
  type SeatsAheadCart,
} from '@portal/domain/organizations/seat-blocks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireDistrictAdministrator } from '../../core/district-funds.ts';
import { buySeatsAhead, giveSeats, returnSeats, seatsAheadCartOf } from '../../core/seat-blocks.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { requireSchoolOf } from './service.ts';

/**
 * Seats a district buys ahead (docs/decisions/0232-seats-bought-ahead.md): its administrator's cart
 * bought from the fund, seats given to the district's schools and seats returned unused. Every route
 * asks requireDistrictAdministrator first; the rules and the writes are core/seat-blocks.ts's.
 */

const today = (deps: AppDeps, now: Date) => calendarDateIn(now, deps.config.timeZone);

/** GET …/seat-blocks/cart: what the administrator's cart would buy ahead, and why it cannot. */
export async function cartToBuyAhead(deps: AppDeps, auth: RequestAuth, districtId: string): Promise<SeatsAheadCart> {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const now = deps.clock();
  return seatsAheadCartOf(deps.db, districtId, auth.user.id, now, today(deps, now));
}

/**
 * POST …/seat-blocks: the administrator's cart bought ahead from the fund. A second click finds the
 * cart empty (its lines were taken out in the first's transaction) and is refused: nothing is bought twice.
 */
export async function buyAhead(deps: AppDeps, auth: RequestAuth, districtId: string) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const bought = await buySeatsAhead(tx, { districtId, buyerId: auth.user.id, now, today: today(deps, now) });
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.seats-bought-ahead',
      subjectType: 'district',
      subjectId: districtId,
      data: bought,
    });
    return bought;
  });
}

/**
 * POST …/seat-blocks/:blockId/gifts: seats given to one of the district's schools, as its paid order; once per
 * Idempotency-Key (a repeat answers as the first did, with the seats left now).
 */
export async function give(
  deps: AppDeps,
  auth: RequestAuth,
  districtId: string,
  blockId: string,
  input: SeatGiftInput,
  idempotency: IdempotentRequest,
) {
  const districtName = await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const schoolName = await requireSchoolOf(deps, districtId, input.organizationId);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const given = await giveSeats(tx, {
      districtId,
      districtName,
      blockId,
      school: { id: input.organizationId, name: schoolName },
      seats: input.seats,
      givenById: auth.user.id,
      idempotency,
      publicUrl: deps.config.publicUrl,
      now,
    });
    const reply = { message: districtSeatMessages.given(input.seats, schoolName), seatsLeft: given.seatsLeft };
    if (given.replayed) return reply;
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.seats-given',
      subjectType: 'organization',
      subjectId: input.organizationId,
      data: { districtId, blockId, seats: input.seats },
    });
    return reply;
  });
}

/** POST …/seat-blocks/:blockId/returns: seats returned unused, back on sale and their price back in the fund. */
export async function giveBack(
  deps: AppDeps,
  auth: RequestAuth,
  districtId: string,
  blockId: string,
  input: SeatReturnInput,
  idempotency: IdempotentRequest,
) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const returned = await returnSeats(tx, {
      districtId,
      blockId,
      seats: input.seats,
      returnedById: auth.user.id,
      idempotency,
      now,
    });
    const reply = {
      message: districtSeatMessages.returned(input.seats, returned.amountCents),
      seatsLeft: returned.seatsLeft,
    };
    if (returned.replayed) return reply;
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.seats-returned',
      subjectType: 'district',
      subjectId: districtId,
      data: { blockId, seats: input.seats, amountCents: returned.amountCents },
    });
    return reply;
  });
}
