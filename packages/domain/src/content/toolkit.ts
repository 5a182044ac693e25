import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * The toolkit's Treasure Chest (organizations.md §2 'Toolkit', §3 'Treasure chest', §6): categories
 * with documents, and groupings nested in groupings with documents, each aimed by staff at members
 * holding some flags (school leader, test prep, grade 3/4/5 pilot). Toolkit access opens it at all.
 */

export const toolkitMessages = {
  pageTitle: 'Treasure Chest',
  empty: 'Nothing in the Treasure Chest yet',
  noAccess: 'The toolkit is open to members with toolkit access.',
  documentNotFound: 'No such document.',
  fileMissing: 'The file of this document is missing.',
  categoryNotFound: 'No such category.',
  groupingNotFound: 'No such grouping.',
  titleRequired: 'Title is required',
  nameRequired: 'Name is required',
  fileRequired: 'Upload a PDF',
  fileType: 'Upload a PDF file',
  fileTooLarge: 'The file must be 10 MB or smaller',
  placeOne: 'Put the document in a category or a grouping, not both',
  placeRequired: 'Choose a category or a grouping',
  parentCycle: 'A grouping cannot sit inside itself or one of its own groupings',
  tooDeep: 'Groupings nest at most 4 deep',
  notEmpty: 'Move or delete what it holds first',
  alreadyFirst: 'Already first.',
  alreadyLast: 'Already last.',
  documentCreated: 'Document uploaded',
  documentSaved: 'Document saved',
  documentDeleted: 'Document deleted',
  categorySaved: 'Category saved',
  groupingSaved: 'Grouping saved',
  deleted: 'Deleted',
  moved: 'Order saved',
  flagsSaved: 'Toolkit access saved',
} as const;

export const toolkitFileMaxBytes = 10 * 1024 * 1024;
export const toolkitGroupingDepthMax = 4;
export const toolkitDocumentPageSize = 25;

// ---------------------------------------------------------------- flags and audiences

/** The flags a Treasure Chest item may be aimed at (§6: school leader, test prep, grade 3/4/5 pilot). */
export const toolkitAudiences = ['schoolLeader', 'testPrep', 'grade3Pilot', 'grade4Pilot', 'grade5Pilot'] as const;
export type ToolkitAudience = (typeof toolkitAudiences)[number];

export const toolkitAudienceLabels: Record<ToolkitAudience, string> = {
  schoolLeader: 'School leaders',
  testPrep: 'Test prep',
  grade3Pilot: 'Grade 3 pilot',
  grade4Pilot: 'Grade 4 pilot',
  grade5Pilot: 'Grade 5 pilot',
};

/** What a user holds: contentAccess (§3) and the Treasure Chest flags. */
export interface ToolkitFlags {
  toolKitAccess: boolean;
  schoolLeaderAccess: boolean;
  testPrep: boolean;
  grade3Pilot: boolean;
  grade4Pilot: boolean;
  grade5Pilot: boolean;
}

const holds: Record<ToolkitAudience, (flags: ToolkitFlags) => boolean> = {
  schoolLeader: (flags) => flags.schoolLeaderAccess,
  testPrep: (flags) => flags.testPrep,
  grade3Pilot: (flags) => flags.grade3Pilot,
  grade4Pilot: (flags) => flags.grade4Pilot,
  grade5Pilot: (flags) => flags.grade5Pilot,
};

/**
 * Whether an item aimed at `audience` shows to these flags: nothing without toolkit access; an item
 * aimed at nobody shows to every toolkit member; otherwise to a member holding any one of its flags.
 */
export function audienceAllows(audience: readonly ToolkitAudience[], flags: ToolkitFlags): boolean {
  if (!flags.toolKitAccess) return false;
  return audience.length === 0 || audience.some((flag) => holds[flag](flags));
}

export interface GroupingNode {
  id: string;
  parentId: string | null;
  audience: readonly ToolkitAudience[];
}

/**
 * The ids of the groupings these flags may open: a grouping shows when it and every grouping above it
 * do, so hiding a grouping hides all it holds. A grouping whose parent is missing is not shown.
 */
export function visibleGroupingIds(groupings: readonly GroupingNode[], flags: ToolkitFlags): Set<string> {
  const byId = new Map(groupings.map((g) => [g.id, g]));
  const decided = new Map<string, boolean>();
  const decide = (id: string, seen: Set<string>): boolean => {
    const known = decided.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    // A missing parent or a loop (which the staff console refuses to make) hides the branch.
    if (!node || seen.has(id)) return false;
    seen.add(id);
    const shown = audienceAllows(node.audience, flags) && (node.parentId === null || decide(node.parentId, seen));
    decided.set(id, shown);
    return shown;
  };
  return new Set(groupings.filter((g) => decide(g.id, new Set())).map((g) => g.id));
}

/** How deep a grouping sits (1: at the top), or Infinity when its chain loops or breaks. */
export function groupingDepth(groupings: readonly Pick<GroupingNode, 'id' | 'parentId'>[], id: string): number {
  const byId = new Map(groupings.map((g) => [g.id, g]));
  let depth = 0;
  let at: string | null = id;
  const seen = new Set<string>();
  while (at !== null) {
    const node = byId.get(at);
    if (!node || seen.has(at)) return Number.POSITIVE_INFINITY;
    seen.add(at);
    depth += 1;
    at = node.parentId;
  }
  return depth;
}

/** How many levels a grouping's subtree spans (1: it holds no grouping). */
function subtreeHeight(
  groupings: readonly Pick<GroupingNode, 'id' | 'parentId'>[],
  id: string,
  seen = new Set<string>(),
): number {
  if (seen.has(id)) return Number.POSITIVE_INFINITY;
  seen.add(id);
  const children = groupings.filter((g) => g.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => subtreeHeight(groupings, c.id, seen)));
}

/**
 * Why a grouping may not move under `parentId` (null: to the top), or null when it may: not into
 * itself or below itself, and the tree no deeper than toolkitGroupingDepthMax. `id` null: a new grouping.
 */
export function groupingParentProblem(
  groupings: readonly Pick<GroupingNode, 'id' | 'parentId'>[],
  id: string | null,
  parentId: string | null,
): string | null {
  if (parentId === null)
    return id === null || subtreeHeight(groupings, id) <= toolkitGroupingDepthMax ? null : toolkitMessages.tooDeep;
  let at: string | null = parentId;
  const seen = new Set<string>();
  while (at !== null) {
    if (at === id) return toolkitMessages.parentCycle;
    if (seen.has(at)) return toolkitMessages.parentCycle;
    seen.add(at);
    at = groupings.find((g) => g.id === at)?.parentId ?? null;
  }
  const height = id === null ? 1 : subtreeHeight(groupings, id);
  return groupingDepth(groupings, parentId) + height <= toolkitGroupingDepthMax ? null : toolkitMessages.tooDeep;
}

// ---------------------------------------------------------------- the member's Treasure Chest

export const toolkitDocument = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  downloadLink: z.string(),
  isFavorited: z.boolean(),
});
export type ToolkitDocument = z.infer<typeof toolkitDocument>;

export const toolkitCategory = z.object({ id: z.string(), name: z.string(), documents: z.array(toolkitDocument) });
export type ToolkitCategory = z.infer<typeof toolkitCategory>;

/** A grouping as the wire carries it: flat, with its parent; nestGroupings builds the tree. */
export const toolkitGrouping = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  documents: z.array(toolkitDocument),
});
export type ToolkitGrouping = z.infer<typeof toolkitGrouping>;

export const treasureChest = z.object({ categories: z.array(toolkitCategory), groupings: z.array(toolkitGrouping) });
export type TreasureChest = z.infer<typeof treasureChest>;

export interface NestedGrouping extends ToolkitGrouping {
  childGroups: NestedGrouping[];
}

/** §3 'groupings (nested childGroups, documents)': the flat list, in its order, as a tree. */
export function nestGroupings(groupings: readonly ToolkitGrouping[]): NestedGrouping[] {
  const nodes = new Map<string, NestedGrouping>(groupings.map((g) => [g.id, { ...g, childGroups: [] }]));
  const roots: NestedGrouping[] = [];
  for (const grouping of groupings) {
    const node = nodes.get(grouping.id);
    if (!node) continue;
    const parent = grouping.parentId === null ? undefined : nodes.get(grouping.parentId);
    if (parent) parent.childGroups.push(node);
    else if (grouping.parentId === null) roots.push(node);
  }
  return roots;
}

export const toolkitPaths = {
  treasureChest: '/members/treasure-chest',
  savedResources: '/members/my-saved-resources',
  download: (documentId: string) => `/api/toolkit/documents/${encodeURIComponent(documentId)}/file`,
  adminLibrary: '/admin/toolkit',
  adminUser: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/toolkit`,
} as const;

/** Letters, digits, spaces, dots, dashes and underscores, ending .pdf: safe in a header and on any disk. */
export function toolkitDownloadName(filename: string): string {
  const base = filename
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 100);
  return `${base || 'document'}.pdf`;
}

/** A PDF by its content: the %PDF- signature, whatever the file's name says. */
export function isPdf(bytes: Uint8Array): boolean {
  return [0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, index) => bytes[index] === byte);
}

// ---------------------------------------------------------------- staff console

const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .default('')
    .transform((value) => (value === '' ? null : value))
    .pipe(z.uuid(message).nullable());

/** The document form as multipart/form-data sends it (strings); the file is the server's to add. */
export const toolkitDocumentFields = z.object({
  title: z.string().trim().min(1, toolkitMessages.titleRequired).max(200, 'At most 200 characters'),
  description: z.string().trim().max(2000, 'At most 2000 characters').default(''),
  categoryId: optionalId('Not a category id'),
  groupingId: optionalId('Not a grouping id'),
});
export type ToolkitDocumentFields = z.output<typeof toolkitDocumentFields>;

/** A document sits in exactly one category or grouping: the error of that rule, or null. */
export function placementProblem(fields: Pick<ToolkitDocumentFields, 'categoryId' | 'groupingId'>): string | null {
  if (fields.categoryId !== null && fields.groupingId !== null) return toolkitMessages.placeOne;
  if (fields.categoryId === null && fields.groupingId === null) return toolkitMessages.placeRequired;
  return null;
}

export const toolkitCategoryInput = z.object({
  name: z.string().trim().min(1, toolkitMessages.nameRequired).max(120, 'At most 120 characters'),
  audience: z
    .array(z.enum(toolkitAudiences, 'Choose school leader, test prep or a grade pilot'))
    .max(toolkitAudiences.length)
    .default([]),
});
export type ToolkitCategoryInput = z.input<typeof toolkitCategoryInput>;

export const toolkitGroupingInput = z.object({
  title: z.string().trim().min(1, toolkitMessages.titleRequired).max(120, 'At most 120 characters'),
  parentId: z.uuid('Not a grouping id').nullable().default(null),
  audience: z
    .array(z.enum(toolkitAudiences, 'Choose school leader, test prep or a grade pilot'))
    .max(toolkitAudiences.length)
    .default([]),
});
export type ToolkitGroupingInput = z.input<typeof toolkitGroupingInput>;

export const toolkitMove = z.object({ direction: z.enum(['up', 'down']) });
export type ToolkitMove = z.infer<typeof toolkitMove>;

export const staffToolkitDocument = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  categoryId: z.string().nullable(),
  groupingId: z.string().nullable(),
  order: z.number(),
});
export type StaffToolkitDocument = z.infer<typeof staffToolkitDocument>;

export const staffToolkitCategory = z.object({
  id: z.string(),
  name: z.string(),
  audience: z.array(z.enum(toolkitAudiences)),
  order: z.number(),
  documentCount: z.number(),
});
export type StaffToolkitCategory = z.infer<typeof staffToolkitCategory>;

export const staffToolkitGrouping = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  audience: z.array(z.enum(toolkitAudiences)),
  order: z.number(),
  documentCount: z.number(),
});
export type StaffToolkitGrouping = z.infer<typeof staffToolkitGrouping>;

/** The staff library's outline: every category and grouping, in order. */
export const staffToolkitOutline = z.object({
  categories: z.array(staffToolkitCategory),
  groupings: z.array(staffToolkitGrouping),
});
export type StaffToolkitOutline = z.infer<typeof staffToolkitOutline>;

export const staffToolkitDocumentQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(toolkitDocumentPageSize),
  search: z.string().trim().max(100).optional(),
  categoryId: z.uuid('Not a category id').optional(),
  groupingId: z.uuid('Not a grouping id').optional(),
});
export type StaffToolkitDocumentQuery = z.input<typeof staffToolkitDocumentQuery>;

export const staffToolkitDocumentPage = paginated(staffToolkitDocument);
export type StaffToolkitDocumentPage = z.infer<typeof staffToolkitDocumentPage>;

/** A user's Treasure Chest flags as staff set them (§7 'set content access' plus the flags of §6). */
export const toolkitUserFlags = z.object({
  toolKitAccess: z.boolean(),
  schoolLeaderAccess: z.boolean(),
  testPrep: z.boolean(),
  grade3Pilot: z.boolean(),
  grade4Pilot: z.boolean(),
  grade5Pilot: z.boolean(),
});
export type ToolkitUserFlags = z.infer<typeof toolkitUserFlags>;

export const toolkitUser = toolkitUserFlags.extend({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type ToolkitUser = z.infer<typeof toolkitUser>;
