import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StaffSelectionOverrideInput } from '@portal/domain/packages/admin-contracts.ts';
import type { Executor } from '../../db/client.ts';
import { grades } from '../../db/schema/lookups.ts';
import {
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstituteGrades,
  packageRequestInstitutes,
  packageRequestPdSessions,
} from '../../db/schema/packages.ts';

/**
 * Staff's overrides of a package request's selections (service.ts): one selection's amount, and an
 * institute's participants grade by grade. A selection staff created has `createdByInitiator` false.
 */

type SelectionKind = StaffSelectionOverrideInput['kind'];

const instituteGradeKey = (packageRequestId: string, packageInstituteId: string) =>
  and(
    eq(packageRequestInstituteGrades.packageRequestId, packageRequestId),
    eq(packageRequestInstituteGrades.packageInstituteId, packageInstituteId),
  );

/** The grade rows of one institute of a request, the member's counts beside staff's. */
export function instituteGradeRows(tx: Executor, packageRequestId: string, packageInstituteId: string) {
  return tx.select().from(packageRequestInstituteGrades).where(instituteGradeKey(packageRequestId, packageInstituteId));
}

/**
 * Clears staff's amount of one selection and its date: a selection staff created goes, the member's
 * own stays as requested. An institute's grades go back to the member's distribution.
 */
export async function clearSelectionOverride(
  tx: Executor,
  packageRequestId: string,
  kind: SelectionKind,
  itemId: string,
): Promise<void> {
  const set = { overrideDate: null };
  switch (kind) {
    case 'pdSession': {
      const key = and(
        eq(packageRequestPdSessions.packageRequestId, packageRequestId),
        eq(packageRequestPdSessions.pdSessionId, itemId),
      );
      await tx.delete(packageRequestPdSessions).where(and(key, eq(packageRequestPdSessions.createdByInitiator, false)));
      await tx
        .update(packageRequestPdSessions)
        .set({ ...set, overrideAmount: null })
        .where(key);
      return;
    }
    case 'event': {
      await tx
        .update(packageRequestEvents)
        .set({ ...set, overrideAmount: null })
        .where(
          and(
            eq(packageRequestEvents.packageRequestId, packageRequestId),
            eq(packageRequestEvents.packageEventId, itemId),
          ),
        );
      return;
    }
    case 'groupSection': {
      await tx
        .update(packageRequestGroupSections)
        .set({ ...set, overrideParticipants: null })
        .where(
          and(
            eq(packageRequestGroupSections.packageRequestId, packageRequestId),
            eq(packageRequestGroupSections.groupSectionId, itemId),
          ),
        );
      return;
    }
    case 'institute': {
      const key = and(
        eq(packageRequestInstitutes.packageRequestId, packageRequestId),
        eq(packageRequestInstitutes.packageInstituteId, itemId),
      );
      const gradeKey = instituteGradeKey(packageRequestId, itemId);
      await tx.delete(packageRequestInstitutes).where(and(key, eq(packageRequestInstitutes.createdByInitiator, false)));
      await tx
        .update(packageRequestInstitutes)
        .set({ ...set, overrideAmount: null })
        .where(key);
      // Staff's grades go with staff's count: the member's own distribution stands again.
      await tx
        .delete(packageRequestInstituteGrades)
        .where(and(gradeKey, eq(packageRequestInstituteGrades.participants, 0)));
      await tx.update(packageRequestInstituteGrades).set({ overrideParticipants: null }).where(gradeKey);
      return;
    }
  }
}

/** Sets staff's amount of one selection, dated `overrideDate`; a selection the member never made is created as staff's. */
export async function setSelectionOverride(
  tx: Executor,
  packageRequestId: string,
  kind: SelectionKind,
  itemId: string,
  amount: number,
  overrideDate: string,
): Promise<void> {
  switch (kind) {
    case 'pdSession':
      await tx
        .insert(packageRequestPdSessions)
        .values({
          packageRequestId,
          pdSessionId: itemId,
          requestedDays: 0,
          createdByInitiator: false,
          overrideAmount: amount,
          overrideDate,
        })
        .onConflictDoUpdate({
          target: [packageRequestPdSessions.packageRequestId, packageRequestPdSessions.pdSessionId],
          set: { overrideAmount: amount, overrideDate },
        });
      return;
    case 'event':
      await tx
        .insert(packageRequestEvents)
        .values({
          packageRequestId,
          packageEventId: itemId,
          requestedParticipants: 0,
          overrideAmount: amount,
          overrideDate,
        })
        .onConflictDoUpdate({
          target: [packageRequestEvents.packageRequestId, packageRequestEvents.packageEventId],
          set: { overrideAmount: amount, overrideDate },
        });
      return;
    case 'groupSection':
      await tx
        .insert(packageRequestGroupSections)
        .values({
          packageRequestId,
          groupSectionId: itemId,
          requestedParticipants: 0,
          overrideParticipants: amount,
          overrideDate,
        })
        .onConflictDoUpdate({
          target: [packageRequestGroupSections.packageRequestId, packageRequestGroupSections.groupSectionId],
          set: { overrideParticipants: amount, overrideDate },
        });
      return;
    case 'institute':
      await upsertInstituteOverride(tx, packageRequestId, itemId, amount, overrideDate);
      return;
  }
}

async function upsertInstituteOverride(
  tx: Executor,
  packageRequestId: string,
  packageInstituteId: string,
  amount: number,
  overrideDate: string,
) {
  await tx
    .insert(packageRequestInstitutes)
    .values({
      packageRequestId,
      packageInstituteId,
      requestedParticipants: 0,
      createdByInitiator: false,
      overrideAmount: amount,
      overrideDate,
    })
    .onConflictDoUpdate({
      target: [packageRequestInstitutes.packageRequestId, packageRequestInstitutes.packageInstituteId],
      set: { overrideAmount: amount, overrideDate },
    });
}

/** How many of the given grades exist. */
export async function countKnownGrades(tx: Executor, gradeIds: string[]) {
  const known = await tx.select({ id: grades.id }).from(grades).where(inArray(grades.id, gradeIds));
  return known.length;
}

/**
 * Staff's participants of one institute, grade by grade: the institute's override becomes
 * `participants` (their sum), every grade row takes staff's count (0 for a grade left out), and a row neither side counts goes.
 */
export async function setInstituteGradeOverride(
  tx: Executor,
  packageRequestId: string,
  packageInstituteId: string,
  given: readonly { gradeId: string; participants: number }[],
  participants: number,
  overrideDate: string,
): Promise<void> {
  await upsertInstituteOverride(tx, packageRequestId, packageInstituteId, participants, overrideDate);
  const gradeKey = instituteGradeKey(packageRequestId, packageInstituteId);
  await tx.update(packageRequestInstituteGrades).set({ overrideParticipants: 0 }).where(gradeKey);
  await tx
    .insert(packageRequestInstituteGrades)
    .values(
      given
        .filter((grade) => grade.participants > 0)
        .map((grade) => ({
          packageRequestId,
          packageInstituteId,
          gradeId: grade.gradeId,
          participants: 0,
          overrideParticipants: grade.participants,
        })),
    )
    .onConflictDoUpdate({
      target: [
        packageRequestInstituteGrades.packageRequestId,
        packageRequestInstituteGrades.packageInstituteId,
        packageRequestInstituteGrades.gradeId,
      ],
      set: { overrideParticipants: sql`excluded.override_participants` },
    });
  await tx
    .delete(packageRequestInstituteGrades)
    .where(
      and(
        gradeKey,
        eq(packageRequestInstituteGrades.participants, 0),
        eq(packageRequestInstituteGrades.overrideParticipants, 0),
      ),
    );
}
