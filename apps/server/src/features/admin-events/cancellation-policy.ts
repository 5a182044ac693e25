import type { CancellationPolicy } from '@portal/domain/commerce/refunds.ts';
import type { AppDeps } from '../../app-deps.ts';
import { policyColumnsOf, policyOfEvent } from '../../core/cancellation-policy.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { eventPolicyOf, writeEventPolicy } from './repository.ts';

/** An event's cancellation policy on its staff page (issue 38): read, and set with an audit entry. */

export async function readCancellationPolicy(deps: Pick<AppDeps, 'db'>, eventId: string): Promise<CancellationPolicy> {
  const row = await eventPolicyOf(deps.db, eventId);
  if (!row) throw notFound('No such event.');
  return policyOfEvent(row);
}

export async function setCancellationPolicy(
  deps: Pick<AppDeps, 'db'>,
  auth: RequestAuth,
  eventId: string,
  policy: CancellationPolicy,
): Promise<CancellationPolicy> {
  return deps.db.transaction(async (tx) => {
    if (!(await writeEventPolicy(tx, eventId, policyColumnsOf(policy)))) throw notFound('No such event.');
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.cancellation-policy',
      subjectType: 'event',
      subjectId: eventId,
      data: { ...policy },
    });
    return policy;
  });
}
