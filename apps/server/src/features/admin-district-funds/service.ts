import { districtFundMessages, type DistrictFundEntryInput } from '@portal/domain/organizations/district-funds.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fundSummary, recordStaffEntry } from '../../core/district-funds.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * POST /api/admin/district-funds/:districtId/entries: a deposit (a district PO, a check) or an
 * adjustment, written to the ledger with its reference and why; an adjustment that would take the
 * balance below zero is refused (409). Answers the fund as it now stands.
 */
export async function recordEntry(deps: AppDeps, auth: RequestAuth, districtId: string, input: DistrictFundEntryInput) {
  if (!(await fundSummary(deps.db, districtId))) throw notFound(districtFundMessages.districtNotFound);
  await deps.db.transaction(async (tx) => {
    const entryId = await recordStaffEntry(tx, {
      districtId,
      kind: input.kind,
      amountCents: input.amountCents,
      reference: input.reference,
      reason: input.reason,
      createdById: auth.user.id,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.entry',
      subjectType: 'district',
      subjectId: districtId,
      data: { entryId, kind: input.kind, amountCents: input.amountCents, reference: input.reference },
    });
  });
  const summary = await fundSummary(deps.db, districtId);
  if (!summary) throw notFound(districtFundMessages.districtNotFound);
  return summary;
}
