import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { eventPayments, events } from '../../db/schema/commerce.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { productionEnvironment } from '../../test/production-environment.ts';

/** Production as it starts without a card provider: card payment is off, purchase orders are not. */
const t = useTestApp(productionEnvironment);

async function acceptedApplicant(option: 'card' | 'purchaseOrder') {
  const institute = await createInstitute(t.deps.db);
  const { user, caller } = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, user.id);
  const application = await createCompleteApplication(t.deps.db, institute, user.id, {
    status: 'ACCEPTED',
    paymentOptionId: institute.options[option].id,
  });
  const pay = () =>
    call(t.app, 'POST', `/api/event-applications/${application.id}/pay`, {
      caller,
      headers: { 'idempotency-key': randomUUID() },
    });
  return { institute, application, pay };
}

const paymentsOf = (applicationId: string) =>
  t.deps.db.select().from(eventPayments).where(eq(eventPayments.applicationId, applicationId));
const seatsTaken = async (eventId: string) =>
  (await t.deps.db.select({ n: events.ticketsTaken }).from(events).where(eq(events.id, eventId)))[0]?.n;

describe('paying an accepted application without a card provider', () => {
  it("refuses 'Pay by Credit Card' with the reason the list shows, taking no seat and writing no payment", async () => {
    const { institute, application, pay } = await acceptedApplicant('card');
    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json()).toMatchObject({ detail: paymentMessages.cardUnavailable });
    expect(await paymentsOf(application.id)).toEqual([]);
    expect(await seatsTaken(institute.event.id)).toBe(0);
  });

  it('still takes a purchase order', async () => {
    const { application, pay } = await acceptedApplicant('purchaseOrder');
    const paid = await pay();
    expect(paid.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = paid.json<{ eventPaymentId: string; redirectUrl: string }>();
    expect(redirectUrl).toBe(applicationPaths.purchaseOrder(eventPaymentId));
    expect(await paymentsOf(application.id)).toEqual([
      expect.objectContaining({ status: 'AWAITING_PO', method: 'PURCHASE_ORDER', provider: null }),
    ]);
  });
});
