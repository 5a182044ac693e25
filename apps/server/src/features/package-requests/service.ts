import { and, eq, isNull, notInArray } from 'drizzle-orm';
import {
  effectiveAmount,
  effectiveGrades,
  gradesOverridden,
  groupingsBelowMinimum,
  groupMinimumMessage,
  isOverridden,
  isPackageRequestEditable,
  minimumDaysMessage,
  optionList,
  overallocatedGroups,
  packageMessages,
  packageTotals,
  pdSessionDaysMap,
  sameDistribution,
  sectionParticipantMap,
  selectionProblems,
  type EditableStep,
  type PackageSelections,
} from '@portal/domain/packages/rules.ts';
import type {
  EventSelectionInput,
  GroupSelectionInput,
  InstituteSelectionInput,
  PackageDetail,
  PackageRequestDetail,
  StaffOptionsInput,
} from '@portal/domain/packages/contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  loadPackage,
  loadPackageRequestDetail,
  loadSelections,
  managedPackageRequest,
  packageRequestNotFound,
  type PackageRequestRow,
} from '../../core/packages.ts';
import type { Transaction } from '../../db/client.ts';
import { grades } from '../../db/schema/lookups.ts';
import {
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstituteGrades,
  packageRequestInstitutes,
  packageRequestPdSessions,
  packageRequests,
} from '../../db/schema/packages.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { packageReviewPdf } from './review-pdf.ts';
import type { QuoteIssued, QuoteLine } from '@portal/domain/commerce/quotes.ts';
import { issueQuote } from '../../core/quotes.ts';
import { notifyStaff } from '../../core/staff-notifications.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';

/**
 * The package request wizard (organizations.md §2, §4, §5, §7): reads, one save per step, review
 * and submit. Only an OWNER or ADMIN of the request's organization reaches a request; anyone else is
 * told it does not exist. Every rule the screen shows is checked again here on the saved amounts.
 */

export async function readPackageRequest(
  deps: AppDeps,
  auth: RequestAuth,
  packageRequestId: string,
): Promise<PackageRequestDetail> {
  return loadPackageRequestDetail(
    deps.db,
    (await managedPackageRequest(deps.db, auth.user.id, packageRequestId)).request,
  );
}

interface EditContext {
  tx: Transaction;
  request: PackageRequestRow;
  pkg: PackageDetail;
  current: PackageSelections;
}

/** Locks the request, refuses a non-editable one, and hands the package and saved selections to `save`. */
async function editRequest(
  deps: AppDeps,
  auth: RequestAuth,
  packageRequestId: string,
  step: EditableStep | 'submit',
  save: (context: EditContext) => Promise<void>,
) {
  await deps.db.transaction(async (tx) => {
    const { request } = await managedPackageRequest(tx, auth.user.id, packageRequestId, true);
    if (!isPackageRequestEditable(request.status)) throw conflict(packageMessages.notEditable);
    const pkg = await loadPackage(tx, request.packageId);
    const current = await loadSelections(tx, request.id);
    if (!pkg) throw packageRequestNotFound();
    await save({ tx, request, pkg, current });
    await tx.update(packageRequests).set({ updatedAt: deps.clock() }).where(eq(packageRequests.id, request.id));
    await audit(tx, {
      ...actorOf(auth),
      action: `package_request.${step}`,
      subjectType: 'package_request',
      subjectId: request.id,
    });
  });
  return readPackageRequest(deps, auth, packageRequestId);
}

type Problems = Record<string, string>;

function refuseIf(problems: Problems) {
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, problems);
}

/** A step's problems by item id as the form's fields name them: `<list>.<item id>`. */
function keyed(list: string, problems: ReadonlyMap<string, string>): Problems {
  return Object.fromEntries([...problems].map(([itemId, message]) => [`${list}.${itemId}`, message]));
}

/** Whether an amount of participants is one an event or institute of the package offers. */
function participantOptions(item: {
  minParticipants: number;
  maxParticipants: number;
  selectionInterval: number;
  allowZeroSelection: boolean;
}) {
  const options = optionList({
    min: item.minParticipants,
    max: item.maxParticipants,
    interval: item.selectionInterval,
    allowZeroSelection: item.allowZeroSelection,
  });
  return (amount: number) => options.includes(amount);
}

export async function saveStaffOptions(deps: AppDeps, auth: RequestAuth, id: string, input: StaffOptionsInput) {
  return editRequest(deps, auth, id, 'staff-options', async ({ tx, request, pkg, current }) => {
    const sessions = new Map(pkg.pdSessionGroupings.flatMap((g) => g.pdSessions.map((s) => [s.id, s] as const)));
    const saved = new Map(current.pdSessions.map((s) => [s.pdSessionId, s]));
    const sent = new Map(input.pdSessions.map((s) => [s.pdSessionId, s.requestedDays]));
    const offered = new Map(
      [...sessions].map(([sessionId, session]) => {
        const options = optionList({
          min: session.minDays,
          max: session.maxDays,
          interval: session.selectionInterval,
          allowZeroSelection: session.allowZeroSelection,
          customSelections: session.useCustomSelection ? session.customSelections : null,
        });
        return [sessionId, (days: number) => options.includes(days)] as const;
      }),
    );
    const inForce = new Map(
      current.pdSessions.map((s) => [
        s.pdSessionId,
        { overrideDate: s.overrideDate, amount: effectiveAmount(s.requestedDays, s.overrideDate, s.overrideAmount) },
      ]),
    );
    refuseIf(keyed('pdSessions', selectionProblems({ offered, saved: inForce, sent })));
    const next: PackageSelections['pdSessions'] = [...sessions.keys()].map((pdSessionId) => {
      const row = saved.get(pdSessionId);
      return row && isOverridden(row)
        ? row
        : {
            pdSessionId,
            requestedDays: sent.get(pdSessionId) ?? 0,
            overrideDate: null,
            overrideAmount: null,
            createdByInitiator: true,
          };
    });
    // A grouping short of its minimum days is kept as a draft (Save); submitting refuses it (decision 0097).
    await tx
      .delete(packageRequestPdSessions)
      .where(
        and(eq(packageRequestPdSessions.packageRequestId, request.id), isNull(packageRequestPdSessions.overrideDate)),
      );
    const rows = next.filter((row) => !isOverridden(row) && row.requestedDays > 0);
    if (rows.length > 0)
      await tx.insert(packageRequestPdSessions).values(
        rows.map((r) => ({
          packageRequestId: request.id,
          pdSessionId: r.pdSessionId,
          requestedDays: r.requestedDays,
        })),
      );
  });
}

export async function saveEventSelection(deps: AppDeps, auth: RequestAuth, id: string, input: EventSelectionInput) {
  return editRequest(deps, auth, id, 'event-selection', async ({ tx, request, pkg, current }) => {
    const items = new Map(pkg.events.map((e) => [e.id, e]));
    const saved = new Map(current.events.map((e) => [e.packageEventId, e]));
    const sent = new Map(input.events.map((e) => [e.packageEventId, e.requestedParticipants]));
    const offered = new Map([...items].map(([itemId, item]) => [itemId, participantOptions(item)] as const));
    const inForce = new Map(
      current.events.map((e) => [
        e.packageEventId,
        {
          overrideDate: e.overrideDate,
          amount: effectiveAmount(e.requestedParticipants, e.overrideDate, e.overrideAmount),
        },
      ]),
    );
    refuseIf(keyed('events', selectionProblems({ offered, saved: inForce, sent })));
    await tx
      .delete(packageRequestEvents)
      .where(and(eq(packageRequestEvents.packageRequestId, request.id), isNull(packageRequestEvents.overrideDate)));
    const rows = [...items.keys()].filter((itemId) => !isOverridden(saved.get(itemId)) && (sent.get(itemId) ?? 0) > 0);
    if (rows.length > 0)
      await tx.insert(packageRequestEvents).values(
        rows.map((packageEventId) => ({
          packageRequestId: request.id,
          packageEventId,
          requestedParticipants: sent.get(packageEventId) ?? 0,
        })),
      );
  });
}

export async function saveGroupSelection(deps: AppDeps, auth: RequestAuth, id: string, input: GroupSelectionInput) {
  return editRequest(deps, auth, id, 'group-selection', async ({ tx, request, pkg, current }) => {
    const sections = new Map(pkg.groups.flatMap((g) => g.sections.map((s) => [s.id, s] as const)));
    const saved = new Map(current.groupSections.map((s) => [s.groupSectionId, s]));
    const sent = new Map(input.sections.map((s) => [s.groupSectionId, s.requestedParticipants]));
    const offered = new Map(
      [...sections].map(
        ([sectionId, section]) =>
          [
            sectionId,
            (value: number) => value === 0 || (value >= section.minTickets && value <= section.maxTickets),
          ] as const,
      ),
    );
    const inForce = new Map(
      current.groupSections.map((s) => [
        s.groupSectionId,
        {
          overrideDate: s.overrideDate,
          amount: effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideParticipants),
        },
      ]),
    );
    refuseIf(keyed('sections', selectionProblems({ offered, saved: inForce, sent })));
    const next = [...sections.keys()].map((groupSectionId) => {
      const row = saved.get(groupSectionId);
      return row && isOverridden(row)
        ? row
        : {
            groupSectionId,
            requestedParticipants: sent.get(groupSectionId) ?? 0,
            overrideDate: null,
            overrideParticipants: null,
          };
    });
    const participants = sectionParticipantMap({ groupSections: next });
    const over = overallocatedGroups(pkg, participants);
    refuseIf(Object.fromEntries(over.map((name) => [`groups.${name}`, packageMessages.groupsOverallocated])));
    // A required group short of its minimum is kept as a draft, like staff options; submitting refuses it.
    await tx
      .delete(packageRequestGroupSections)
      .where(
        and(
          eq(packageRequestGroupSections.packageRequestId, request.id),
          isNull(packageRequestGroupSections.overrideDate),
        ),
      );
    const rows = next.filter((row) => !isOverridden(row) && row.requestedParticipants > 0);
    if (rows.length > 0)
      await tx.insert(packageRequestGroupSections).values(
        rows.map((r) => ({
          packageRequestId: request.id,
          groupSectionId: r.groupSectionId,
          requestedParticipants: r.requestedParticipants,
        })),
      );
  });
}

export async function saveInstituteSelection(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: InstituteSelectionInput,
) {
  return editRequest(deps, auth, id, 'institute-selection', async ({ tx, request, pkg, current }) => {
    const items = new Map(pkg.institutes.map((i) => [i.id, i]));
    const saved = new Map(current.institutes.map((i) => [i.packageInstituteId, i]));
    const sent = new Map(input.institutes.map((i) => [i.packageInstituteId, i]));
    const gradeIds = new Set((await tx.select({ id: grades.id }).from(grades)).map((g) => g.id));
    const problems: Problems = {};
    for (const [itemId, entry] of sent) {
      if (!items.has(itemId)) problems[`institutes.${itemId}`] = packageMessages.unknownItem;
      for (const grade of entry.grades)
        if (!gradeIds.has(grade.gradeId))
          problems[`institutes.${itemId}.${grade.gradeId}`] = packageMessages.unknownItem;
    }
    const offered = new Map([...items].map(([itemId, item]) => [itemId, participantOptions(item)] as const));
    const inForce = new Map(
      current.institutes.map((i) => [
        i.packageInstituteId,
        {
          overrideDate: i.overrideDate,
          amount: effectiveAmount(i.requestedParticipants, i.overrideDate, i.overrideAmount),
        },
      ]),
    );
    const amounts = selectionProblems({
      offered,
      saved: inForce,
      sent: new Map([...sent].map(([itemId, entry]) => [itemId, entry.requestedParticipants])),
    });
    Object.assign(problems, keyed('institutes', amounts));
    // Staff's grades stand as they are: the member may send them unchanged or leave them out.
    const gradesLocked = [...items.keys()].filter((itemId) => gradesOverridden(saved.get(itemId)));
    for (const itemId of gradesLocked) {
      const entry = sent.get(itemId);
      const inForceGrades = effectiveGrades(saved.get(itemId)?.grades ?? []);
      if (
        entry &&
        entry.grades.some((grade) => grade.participants > 0) &&
        !sameDistribution(inForceGrades, entry.grades)
      )
        problems[`institutes.${itemId}`] = packageMessages.overriddenLocked;
    }
    // An institute's amount that stands (staff's once overridden) is spread over its grades exactly.
    for (const itemId of items.keys()) {
      if (amounts.has(itemId) || gradesLocked.includes(itemId)) continue;
      const entry = sent.get(itemId);
      const standing = isOverridden(saved.get(itemId))
        ? (inForce.get(itemId)?.amount ?? 0)
        : (entry?.requestedParticipants ?? 0);
      const distributed = (entry?.grades ?? []).reduce((sum, grade) => sum + grade.participants, 0);
      if (distributed !== standing) problems[`institutes.${itemId}`] = packageMessages.instituteUnbalanced;
    }
    refuseIf(problems);
    const keep = [...items.keys()].filter((itemId) => isOverridden(saved.get(itemId)));
    await tx
      .delete(packageRequestInstituteGrades)
      .where(
        and(
          eq(packageRequestInstituteGrades.packageRequestId, request.id),
          gradesLocked.length > 0
            ? notInArray(packageRequestInstituteGrades.packageInstituteId, gradesLocked)
            : undefined,
        ),
      );
    await tx
      .delete(packageRequestInstitutes)
      .where(
        and(eq(packageRequestInstitutes.packageRequestId, request.id), isNull(packageRequestInstitutes.overrideDate)),
      );
    const fresh = [...items.keys()].filter(
      (itemId) => !keep.includes(itemId) && (sent.get(itemId)?.requestedParticipants ?? 0) > 0,
    );
    if (fresh.length > 0)
      await tx.insert(packageRequestInstitutes).values(
        fresh.map((packageInstituteId) => ({
          packageRequestId: request.id,
          packageInstituteId,
          requestedParticipants: sent.get(packageInstituteId)?.requestedParticipants ?? 0,
          createdByInitiator: saved.get(packageInstituteId)?.createdByInitiator ?? true,
        })),
      );
    const gradeRows = [...keep, ...fresh]
      .filter((packageInstituteId) => !gradesLocked.includes(packageInstituteId))
      .flatMap((packageInstituteId) =>
        (sent.get(packageInstituteId)?.grades ?? [])
          .filter((grade) => grade.participants > 0)
          .map((grade) => ({
            packageRequestId: request.id,
            packageInstituteId,
            gradeId: grade.gradeId,
            participants: grade.participants,
          })),
      );
    if (gradeRows.length > 0) await tx.insert(packageRequestInstituteGrades).values(gradeRows);
  });
}

/** SUBMIT (§4): only a complete request whose total reaches the package minimum. */
export async function submitPackageRequest(deps: AppDeps, auth: RequestAuth, id: string, usingPtaFunds: boolean) {
  return editRequest(deps, auth, id, 'submit', async ({ tx, request, pkg, current }) => {
    const short = groupingsBelowMinimum(pkg, pdSessionDaysMap(current));
    if (short[0] !== undefined) throw badRequest(minimumDaysMessage(short[0]));
    const totals = packageTotals(pkg, current);
    if (totals.groupsBelowMinimum.length > 0) throw badRequest(groupMinimumMessage(totals.groupsBelowMinimum));
    if (totals.belowMinimum) throw badRequest(packageMessages.belowMinimum);
    const now = deps.clock();
    await tx
      .update(packageRequests)
      .set({ status: 'SUBMITTED', usingPtaFunds, submittedAt: now })
      .where(eq(packageRequests.id, request.id));
    // A request sent back after staff asked for changes is work again: staff hear of it as changed.
    const changed = request.status === 'CHANGES_REQUESTED';
    await emitWebhookEvent(
      tx,
      'package_request.submitted',
      { packageRequestId: request.id, packageName: pkg.name, usingPtaFunds, resubmitted: changed },
      now,
    );
    await notifyStaff(tx, deps.config.publicUrl, {
      kind: 'packageRequest',
      key: `package-request:${request.id}:${now.toISOString()}`,
      summary: changed
        ? `Package request for ${pkg.name} changed and sent again`
        : `New package request for ${pkg.name}`,
      path: `/admin/package-requests/${request.id}`,
      at: now,
    });
  });
}

/** package-review.pdf: what the review shows, for the member's records. */
export async function reviewPdf(deps: AppDeps, auth: RequestAuth, id: string): Promise<Uint8Array> {
  const detail = await readPackageRequest(deps, auth, id);
  return packageReviewPdf(detail, deps.clock(), deps.config.timeZone);
}

/**
 * POST /api/package-requests/:id/quote: the review's costs as a quote to the request's school. Travel
 * is an estimate billed at actual cost, so it is quoted at its highest; each selection is one line at
 * its cost. A package holds no seats (docs/decisions/0210-quotes.md).
 */
export async function quotePackageRequest(deps: AppDeps, auth: RequestAuth, id: string): Promise<QuoteIssued> {
  const detail = await readPackageRequest(deps, auth, id);
  const { totals } = detail;
  const one = (description: string, cents: number): QuoteLine => ({
    description,
    quantity: 1,
    unitPriceCents: cents,
    amountCents: cents,
  });
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines: QuoteLine[] = [
    ...totals.pdSessions.filter((s) => s.days > 0).map((s) => one(`${s.name}: ${plural(s.days, 'day')}`, s.cost)),
    ...(totals.pdSessionTotals.travelHigh > 0
      ? [one('PD session travel (estimate, billed at actual cost)', totals.pdSessionTotals.travelHigh)]
      : []),
    ...totals.events
      .filter((e) => e.participants > 0)
      .map((e) => one(`${e.name}: ${plural(e.participants, 'participant')}`, e.cost)),
    ...totals.groups
      .filter((g) => g.participants > 0)
      .map((g) => one(`${g.name}: ${plural(g.participants, 'participant')}`, g.cost)),
    ...totals.institutes
      .filter((i) => i.participants > 0)
      .map((i) => one(`${i.name}: ${plural(i.participants, 'participant')}`, i.cost)),
  ];
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return issueQuote(
    deps,
    {
      organizationId: detail.organization.id,
      subject: 'PACKAGE_REQUEST',
      subjectId: detail.id,
      userId: auth.user.id,
      // Nothing chosen yet still quotes the package by name, at nothing.
      lines: lines.length > 0 ? lines : [one(`Package: ${detail.package.name}`, 0)],
      couponCode: null,
      subtotalCents: total,
      discountCents: 0,
      totalCents: total,
      seats: [],
    },
    deps.clock(),
  );
}
