import type { RequestedSection, SelectablePath, Selection } from '@portal/domain/applications/rules.ts';
import type {
  ApplicationDetail,
  ApplicationPathReply,
  SaveSegmentInput,
} from '@portal/domain/applications/contracts.ts';

/** The sections step as edited on screen: the chosen path and the groupings or ranked sections in it. */
export interface SectionsDraft extends Selection {
  pathId: string | null;
}

export function draftOf(detail: ApplicationDetail): SectionsDraft {
  return {
    pathId: detail.pathId,
    groupingIds: detail.requestedGroupings.map((grouping) => grouping.id),
    sections: detail.requestedSections.map((section) => ({ sectionId: section.id, ranking: section.ranking })),
  };
}

/** The same choice whatever the order it was made in. */
export function sameDraft(a: SectionsDraft, b: SectionsDraft): boolean {
  const key = (draft: SectionsDraft) =>
    JSON.stringify([
      draft.pathId,
      [...draft.groupingIds].sort(),
      draft.sections.map((section) => `${section.sectionId}:${section.ranking ?? ''}`).sort(),
    ]);
  return key(a) === key(b);
}

/** The path in the shape the domain's selection rules read. */
export function selectablePath(path: ApplicationPathReply): SelectablePath {
  return {
    level: path.level,
    applicationSelectionLevel: path.applicationSelectionLevel,
    requireRankedSelection: path.requireRankedSelection,
    rankedSelectionAmount: path.rankedSelectionAmount,
    groupings: path.groupings.map((grouping) => ({
      id: grouping.id,
      sectionIds: grouping.sections.map((section) => section.id),
    })),
  };
}

/** Another path starts an empty selection: the sections of one path mean nothing on another. */
export function choosePath(draft: SectionsDraft, pathId: string): SectionsDraft {
  return draft.pathId === pathId ? draft : { pathId, groupingIds: [], sections: [] };
}

/** A section's rank (null takes it out of the selection). */
export function rankSection(draft: SectionsDraft, sectionId: string, ranking: number | null): SectionsDraft {
  const others = draft.sections.filter((section) => section.sectionId !== sectionId);
  return { ...draft, sections: ranking === null ? others : [...others, { sectionId, ranking }] };
}

/** Unranked, one section per grouping: the grouping's section is replaced. */
export function pickSection(
  draft: SectionsDraft,
  groupingSectionIds: readonly string[],
  sectionId: string,
): SectionsDraft {
  const others = draft.sections.filter((section) => !groupingSectionIds.includes(section.sectionId));
  const picked: RequestedSection = { sectionId, ranking: null };
  return { ...draft, sections: [...others, picked] };
}

export function sectionsInput(draft: SectionsDraft & { pathId: string }): SaveSegmentInput {
  return {
    segment: 'SECTIONS',
    data: {
      pathId: draft.pathId,
      requestedGroupings: draft.groupingIds.map((id) => ({ id, ranking: null })),
      requestedSections: draft.sections.map((section) => ({ id: section.sectionId, ranking: section.ranking })),
    },
  };
}
