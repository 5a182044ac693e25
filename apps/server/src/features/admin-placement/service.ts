import {
  newPlaces,
  placeApplicants,
  placementFingerprint,
  placementMessages,
  type PlacementInput,
  type PlacementResult,
  type PriorityRule,
} from '@portal/domain/applications/placement.ts';
import type {
  PlacementApplicantPage,
  PlacementBoard,
  PlacementPreview,
  PlacementPublished,
} from '@portal/domain/applications/placement-contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findEventName } from '../../core/event-structure.ts';
import type { Executor } from '../../db/client.ts';
import { lockEventForPlacement, savePlaces } from '../../core/placements.ts';
import { expireHolds } from '../../core/capacity.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { placementMail } from './placement-mail.ts';
import {
  readApplicants,
  readChoices,
  readGroupings,
  readPlaces,
  type ApplicantRow,
  type BoardGrouping,
} from './repository.ts';

const eventNotFound = () => notFound('No such event.');

/** What a run is asked: the priority, its seed or hand-set order, and staff's hand moves. */
export interface RunRequest {
  priority: 'SUBMISSION' | 'LOTTERY' | 'MANUAL';
  seed: number | null;
  order: string[];
  moves: { applicationId: string; sectionId: string; reason: string }[];
}

const remaining = (max: number | null, taken: number) => (max === null ? null : Math.max(max - taken, 0));
const ticketSeats = (section: BoardGrouping['sections'][number]) => section.ticketsTaken - section.placed;

/** GET /api/admin/events/:eventId/placement: the ranked paths' sections with their seats, and how many are placed. */
export async function getBoard(deps: AppDeps, eventId: string): Promise<PlacementBoard> {
  await expireHolds(deps.db, deps.clock());
  const event = await findEventName(deps.db, eventId);
  if (!event) throw eventNotFound();
  const groupings = await readGroupings(deps.db, eventId);
  const { rows } = await readApplicants(deps.db, eventId);
  const places = await readPlaces(deps.db, eventId, null);
  const groupingsOfPath = groupingCount(groupings);
  const placedIn = new Map<string, number>();
  for (const place of places) placedIn.set(place.applicationId, (placedIn.get(place.applicationId) ?? 0) + 1);
  return {
    event,
    groupings: groupings.map((grouping) => ({
      id: grouping.id,
      name: grouping.name,
      pathName: grouping.pathName,
      pathLevel: grouping.pathLevel,
      maxTickets: grouping.maxTickets,
      sections: grouping.sections.map((section) => ({
        id: section.id,
        title: section.title,
        maxTickets: section.maxTickets,
        ticketSeats: ticketSeats(section),
        placed: section.placed,
      })),
    })),
    accepted: rows.length,
    placed: rows.filter((row) => (placedIn.get(row.applicationId) ?? 0) >= (groupingsOfPath.get(row.pathId ?? '') ?? 1))
      .length,
  };
}

function groupingCount(groupings: readonly BoardGrouping[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const grouping of groupings) counts.set(grouping.pathId, (counts.get(grouping.pathId) ?? 0) + 1);
  return counts;
}

/** GET /api/admin/events/:eventId/placement/applicants: a page of accepted applicants, their rankings and places. */
export async function listApplicants(
  deps: AppDeps,
  eventId: string,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<PlacementApplicantPage> {
  const event = await findEventName(deps.db, eventId);
  if (!event) throw eventNotFound();
  const { rows, total } = await readApplicants(deps.db, eventId, query);
  const ids = rows.map((row) => row.applicationId);
  const choices = await readChoices(deps.db, eventId, ids);
  const places = await readPlaces(deps.db, eventId, ids);
  return {
    items: rows.map((row) => ({
      applicationId: row.applicationId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      pathName: row.pathName,
      choices: choices
        .filter((choice) => choice.applicationId === row.applicationId && choice.ranking !== null)
        .map((choice) => ({
          sectionId: choice.sectionId,
          sectionTitle: choice.sectionTitle,
          ranking: choice.ranking ?? 0,
        })),
      places: places
        .filter((place) => place.applicationId === row.applicationId)
        .map(({ applicationId: _applicationId, ...place }) => place),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total ?? rows.length,
  };
}

interface RunData {
  event: { id: string; name: string };
  groupings: BoardGrouping[];
  applicants: Map<string, ApplicantRow>;
  sectionTitles: Map<string, string>;
  input: PlacementInput;
  result: PlacementResult;
}

function priorityRule(request: RunRequest): PriorityRule {
  if (request.priority === 'LOTTERY') return { kind: 'LOTTERY', seed: request.seed ?? 0 };
  if (request.priority === 'MANUAL') return { kind: 'MANUAL', order: request.order };
  return { kind: 'SUBMISSION' };
}

/** Reads everything a run needs (five queries whatever the event's size) and runs the placement. */
async function run(db: Executor, eventId: string, request: RunRequest): Promise<RunData> {
  const event = await findEventName(db, eventId);
  if (!event) throw eventNotFound();
  const groupings = await readGroupings(db, eventId);
  if (groupings.length === 0) throw conflict(placementMessages.notRanked);
  const { rows } = await readApplicants(db, eventId);
  const choices = await readChoices(db, eventId, null);
  const places = await readPlaces(db, eventId, null);
  const pathOf = new Map(groupings.map((grouping) => [grouping.id, grouping]));
  const groupingsOfPath = new Map<string, string[]>();
  for (const grouping of groupings)
    groupingsOfPath.set(grouping.pathId, [...(groupingsOfPath.get(grouping.pathId) ?? []), grouping.id]);
  const sectionGrouping = new Map(groupings.flatMap((grouping) => grouping.sections.map((s) => [s.id, grouping])));
  const choicesOf = new Map<string, { sectionId: string; ranking: number }[]>();
  for (const choice of choices) {
    const grouping = sectionGrouping.get(choice.sectionId);
    // An Advanced path ranks every section, of which only the top rankedSelectionAmount count (§9).
    if (choice.ranking === null || !grouping || choice.ranking > grouping.rankedSelectionAmount) continue;
    choicesOf.set(choice.applicationId, [
      ...(choicesOf.get(choice.applicationId) ?? []),
      { sectionId: choice.sectionId, ranking: choice.ranking },
    ]);
  }
  const placesOf = new Map<string, { groupingId: string; sectionId: string; rank: number | null }[]>();
  for (const place of places) {
    if (!pathOf.has(place.groupingId)) continue;
    placesOf.set(place.applicationId, [
      ...(placesOf.get(place.applicationId) ?? []),
      { groupingId: place.groupingId, sectionId: place.sectionId, rank: place.rank },
    ]);
  }
  const input: PlacementInput = {
    groupings: groupings.map((grouping) => ({
      id: grouping.id,
      remaining: remaining(grouping.maxTickets, grouping.ticketsTaken),
    })),
    sections: groupings.flatMap((grouping) =>
      grouping.sections.map((section) => ({
        id: section.id,
        groupingId: grouping.id,
        remaining: remaining(section.maxTickets, section.ticketsTaken),
      })),
    ),
    applicants: rows.map((row) => ({
      id: row.applicationId,
      submittedAt: (row.submittedAt ?? row.createdAt).toISOString(),
      groupingIds: groupingsOfPath.get(row.pathId ?? '') ?? [],
      choices: choicesOf.get(row.applicationId) ?? [],
      placed: placesOf.get(row.applicationId) ?? [],
    })),
    priority: priorityRule(request),
    moves: request.moves.map((move) => ({ applicantId: move.applicationId, ...move })),
  };
  return {
    event,
    groupings,
    applicants: new Map(rows.map((row) => [row.applicationId, row])),
    sectionTitles: new Map(groupings.flatMap((grouping) => grouping.sections.map((s) => [s.id, s.title]))),
    input,
    result: placeApplicants(input),
  };
}

const personOf = (row: ApplicantRow | undefined, applicationId: string) => ({
  applicationId,
  firstName: row?.firstName ?? '',
  lastName: row?.lastName ?? '',
  email: row?.email ?? '',
});

/** POST /api/admin/events/:eventId/placement/preview: what publishing would save; nothing is written. */
export async function preview(
  deps: AppDeps,
  eventId: string,
  request: RunRequest & { page: number; pageSize: number },
): Promise<PlacementPreview> {
  await expireHolds(deps.db, deps.clock());
  const data = await run(deps.db, eventId, request);
  const { result } = data;
  const position = new Map(result.order.map((id, index) => [id, index]));
  const places = [...result.places].sort(
    (a, b) => (position.get(a.applicantId) ?? 0) - (position.get(b.applicantId) ?? 0),
  );
  const groupingNames = new Map(data.groupings.map((grouping) => [grouping.id, grouping.name]));
  const start = (request.page - 1) * request.pageSize;
  return {
    seed: request.priority === 'LOTTERY' ? request.seed : null,
    byRank: result.byRank,
    newPlaces: newPlaces(result).length,
    fill: result.fill,
    unplaced: result.unplaced.map((unplaced) => ({
      ...personOf(data.applicants.get(unplaced.applicantId), unplaced.applicantId),
      groupingId: unplaced.groupingId,
      groupingName: groupingNames.get(unplaced.groupingId) ?? '',
      reason: placementMessages.unplacedReasons[unplaced.reason],
    })),
    refusedMoves: result.refusedMoves.map((refused) => ({
      applicationId: refused.move.applicantId,
      sectionId: refused.move.sectionId,
      message: refused.message,
    })),
    places: {
      items: places.slice(start, start + request.pageSize).map((place) => ({
        ...personOf(data.applicants.get(place.applicantId), place.applicantId),
        groupingId: place.groupingId,
        sectionId: place.sectionId,
        sectionTitle: data.sectionTitles.get(place.sectionId) ?? '',
        rank: place.rank,
        source: place.source,
        reason: place.reason,
      })),
      page: request.page,
      pageSize: request.pageSize,
      total: places.length,
    },
    fingerprint: placementFingerprint(result),
  };
}

/**
 * POST /api/admin/events/:eventId/placement/publish: runs the placement again under the locks of
 * core/placements (so its seats are counted as a checkout counts them) and saves it only when it is
 * the one the preview showed (the fingerprint); otherwise 409 and nothing is saved. Of two publications
 * at once the second waits for the first and finds its preview stale. Audited with the priority and
 * seed; each newly placed applicant is mailed their section(s) through the outbox.
 */
export async function publish(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  request: RunRequest & { fingerprint: string },
): Promise<PlacementPublished> {
  await expireHolds(deps.db, deps.clock());
  const published = await deps.db.transaction(async (tx) => {
    if (!(await lockEventForPlacement(tx, eventId))) throw eventNotFound();
    const data = await run(tx, eventId, request);
    const [refused] = data.result.refusedMoves;
    if (refused) throw conflict(refused.message);
    if (placementFingerprint(data.result) !== request.fingerprint) throw conflict(placementMessages.previewChanged);
    const saved = newPlaces(data.result);
    if (saved.length === 0) throw conflict(placementMessages.nothingToPublish);
    const hadPlace = new Set(
      data.input.applicants.flatMap((applicant) =>
        applicant.placed.map((place) => `${applicant.id}:${place.groupingId}`),
      ),
    );
    const now = deps.clock();
    await savePlaces(
      tx,
      saved.map((place) => ({
        applicationId: place.applicantId,
        groupingId: place.groupingId,
        sectionId: place.sectionId,
        rank: place.rank,
        handReason: place.source === 'HAND' ? place.reason : null,
      })),
      auth.user.id,
      now,
      saved
        .filter((place) => hadPlace.has(`${place.applicantId}:${place.groupingId}`))
        .map((place) => ({ applicationId: place.applicantId, groupingId: place.groupingId })),
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-placement.publish',
      subjectType: 'event',
      subjectId: eventId,
      data: {
        priority: request.priority,
        ...(request.priority === 'LOTTERY' ? { seed: request.seed } : {}),
        ...(request.priority === 'MANUAL' ? { order: request.order } : {}),
        places: saved.length,
        moves: request.moves,
      },
    });
    await mailPlaced(deps, tx, data, saved);
    return saved.length;
  });
  return { published, message: placementMessages.published(published) };
}

async function mailPlaced(deps: AppDeps, tx: Executor, data: RunData, saved: ReturnType<typeof newPlaces>) {
  const placedNow = new Set(saved.map((place) => place.applicantId));
  const byApplicant = new Map<string, string[]>();
  for (const place of data.result.places) {
    if (!placedNow.has(place.applicantId)) continue;
    byApplicant.set(place.applicantId, [
      ...(byApplicant.get(place.applicantId) ?? []),
      data.sectionTitles.get(place.sectionId) ?? '',
    ]);
  }
  for (const [applicationId, titles] of byApplicant) {
    const applicant = data.applicants.get(applicationId);
    if (!applicant) continue;
    await queueMail(
      tx,
      placementMail({
        to: applicant.email,
        firstName: applicant.firstName,
        eventName: data.event.name,
        sectionTitles: titles,
        publicUrl: deps.config.publicUrl,
      }),
    );
  }
}
