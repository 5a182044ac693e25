import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { webAddress } from './resources.ts';

/**
 * Organization resources (organizations.md §2 'Organization Resources', §3 Resource, §7, §9): links
 * and PDFs staff publish for one organization and one school year, searched by members of that
 * organization with PostgreSQL full-text search.
 */

export const organizationResourceMessages = {
  empty: 'No resources found',
  /** An unknown organization and one the caller is not an active member of: the same answer. */
  notMember: 'Resources are shown only to members of this organization.',
  noOrganization: 'You are not a member of an organization yet, so there are no organization resources to show.',
  notFound: 'No such resource.',
  fileMissing: 'The file of this resource is missing.',
  titleRequired: 'Title is required',
  urlInvalid: 'Enter a full web address starting with https:// or http://',
  linkOrFile: 'Give a link or upload a PDF',
  notBoth: 'Give a link or a PDF, not both',
  fileType: 'Upload a PDF file',
  fileTooLarge: 'The file must be 10 MB or smaller',
  schoolYearRequired: 'Choose a school year',
  organizationRequired: 'Choose an organization',
  unknownSchoolYear: 'No such school year.',
  unknownOrganization: 'No such organization.',
  created: 'Resource created',
  saved: 'Resource saved',
  deleted: 'Resource deleted',
  deleteConfirm: 'Delete this resource? Members of the organization will no longer see it.',
} as const;

/** §9: the search waits this long after the last keystroke. */
export const organizationResourceSearchDebounceMs = 300;
export const organizationResourcePageSize = 20;
export const organizationResourceFileMaxBytes = 10 * 1024 * 1024;

/** A PDF by its content (the first bytes), whatever the file is called. */
export function isPdf(bytes: Uint8Array): boolean {
  return [0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, index) => bytes[index] === byte);
}

/** Letters, digits, spaces, dots, dashes and underscores, ending .pdf: safe in a header and on any disk. */
export function pdfDownloadName(filename: string): string {
  const base = filename
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 100);
  return `${base || 'document'}.pdf`;
}

// ---------------------------------------------------------------- search

/** The longest search kept, and the most words turned into the query. */
export const searchMaxLength = 100;
const searchMaxWords = 8;

/**
 * The words of a search as a to_tsquery text: every word must match, the last as a prefix so results
 * follow the typing ("coach" finds "coaching"). Only letters and digits survive, so no search text can
 * break the query syntax; null when nothing searchable is left.
 */
export function prefixTsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = words.slice(0, searchMaxWords);
  if (kept.length === 0) return null;
  return kept.map((word, index) => (index === kept.length - 1 ? `${word}:*` : word)).join(' & ');
}

/**
 * ts_headline marks a match with these two characters: they cannot come from a stored title or
 * description (control characters are refused on input), so splitting on them is unambiguous.
 */
export const headlineStart = '\u0002';
export const headlineStop = '\u0003';
/** Between ts_headline's passages of one description (same reason: never in stored text). */
export const headlineFragmentDelimiter = '\u0004';

export interface HeadlinePart {
  text: string;
  match: boolean;
}

/** A marked headline as plain-text parts, so the page renders matches as <mark> without any HTML. */
export function headlineParts(marked: string): HeadlinePart[] {
  const parts: HeadlinePart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, match });
    text = '';
  };
  for (const char of marked) {
    if (char === headlineStart || char === headlineStop) {
      flush();
      match = char === headlineStart;
    } else text += char;
  }
  flush();
  return parts;
}

/** How far back an excerpt reaches for the start of its sentence rather than opening with "…". */
const sentenceReach = 60;

const sentenceStartBefore = (text: string, index: number): number => {
  const before = text.slice(0, index);
  const ends = [...before.matchAll(/[.!?;:](?:\s+)|\n+/g)];
  const last = ends.at(-1);
  return last?.index === undefined ? 0 : last.index + last[0].length;
};

/**
 * A description's search passages as people read them. ts_headline opens a passage at its first word
 * that is not a stop word, so "A planning guide for…" came out as "planning guide for…": each passage
 * is widened back to the start of its sentence when that is near, and otherwise opens (and, short of
 * the text's end, closes) with "…" so a cut never passes for the text's own first word.
 */
export function excerptParts(description: string, marked: string): HeadlinePart[] {
  const parts: HeadlinePart[] = [];
  let from = 0;
  const fragments = marked.split(headlineFragmentDelimiter);
  fragments.forEach((fragment, index) => {
    const fragmentParts = headlineParts(fragment);
    const plain = fragmentParts.map((part) => part.text).join('');
    const at = description.indexOf(plain, from);
    if (at === -1) {
      if (index > 0) parts.push({ text: ' … ', match: false });
      parts.push(...fragmentParts);
      return;
    }
    const sentence = sentenceStartBefore(description, at);
    const reach = Math.max(sentence, from);
    const opening = at - reach <= sentenceReach ? reach : at;
    // Text left out before the passage is said with "…", unless the passage opens its own sentence.
    if (opening > from) parts.push({ text: index === 0 ? (opening === sentence ? '' : '… ') : ' … ', match: false });
    parts.push({ text: description.slice(opening, at), match: false }, ...fragmentParts);
    from = at + plain.length;
    if (index === fragments.length - 1 && /[\p{L}\p{N}]/u.test(description.slice(from)))
      parts.push({ text: ' …', match: false });
  });
  // Neighbouring plain parts read as one.
  return parts.reduce<HeadlinePart[]>((merged, part) => {
    if (part.text === '') return merged;
    const last = merged.at(-1);
    if (last && !last.match && !part.match) last.text += part.text;
    else merged.push({ ...part });
    return merged;
  }, []);
}

// ---------------------------------------------------------------- filters

/**
 * The school year the filter starts on: the latest one that has begun by `today` (a year set up ahead
 * has nothing in it yet), or the earliest when none has begun. Dates are ISO (yyyy-mm-dd).
 */
export function preselectedSchoolYear<T extends { id: string; startsOn: string }>(
  years: readonly T[],
  today: string,
): T | null {
  const byStart = [...years].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return byStart.find((year) => year.startsOn <= today) ?? byStart.at(-1) ?? null;
}

// ---------------------------------------------------------------- paths

export const organizationResourcePaths = {
  page: '/members/organization-resources',
  api: '/api/organization-resources',
  file: (resourceId: string) => `/api/organization-resources/${encodeURIComponent(resourceId)}/file`,
  admin: '/admin/organization-resources',
} as const;

// ---------------------------------------------------------------- contracts

const namedOption = z.object({ id: z.string(), name: z.string() });

/** What the filters offer: the caller's organizations (first preselected) and school years, latest first. */
export const organizationResourceFilters = z.object({
  organizations: z.array(namedOption),
  schoolYears: z.array(namedOption),
  /** preselectedSchoolYear's answer. */
  preselectedSchoolYearId: z.string().nullable(),
});
export type OrganizationResourceFilters = z.infer<typeof organizationResourceFilters>;

export const organizationResourceQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(organizationResourcePageSize),
  organizationId: z.uuid('Not an organization id'),
  schoolYearId: z.uuid('Not a school year id'),
  search: z.string().trim().max(searchMaxLength, `At most ${searchMaxLength} characters`).optional(),
});
export type OrganizationResourceQuery = z.input<typeof organizationResourceQuery>;

export const headlinePart = z.object({ text: z.string(), match: z.boolean() });

export const organizationResourceRow = z.object({
  id: z.string(),
  title: z.string(),
  grades: z.string(),
  description: z.string(),
  /** A link, or null when the resource is an uploaded PDF (then `file` is set). */
  url: z.string().nullable(),
  file: z.object({ name: z.string(), size: z.number() }).nullable(),
  /** With a search: the title and the best passage of the description, matches marked. */
  titleParts: z.array(headlinePart).nullable(),
  descriptionParts: z.array(headlinePart).nullable(),
  /** In the caller's My Saved Resources (only a PDF can be saved). */
  isFavorited: z.boolean(),
});
export type OrganizationResourceRow = z.infer<typeof organizationResourceRow>;

export const organizationResourceList = paginated(organizationResourceRow);
export type OrganizationResourceList = z.infer<typeof organizationResourceList>;

/** The staff form's text fields, as multipart/form-data sends them; url empty when the resource is a PDF. */
export const organizationResourceFields = z.object({
  organizationId: z.uuid(organizationResourceMessages.organizationRequired),
  schoolYearId: z.uuid(organizationResourceMessages.schoolYearRequired),
  title: z.string().trim().min(1, organizationResourceMessages.titleRequired).max(200, 'At most 200 characters'),
  grades: z.string().trim().max(100, 'At most 100 characters').default(''),
  description: z.string().trim().max(5000, 'At most 5000 characters').default(''),
  url: z.union([z.literal(''), webAddress(organizationResourceMessages.urlInvalid)]).default(''),
});
export type OrganizationResourceFields = z.output<typeof organizationResourceFields>;

export const staffOrganizationResourceQuery = pageQuery.extend({
  organizationId: z.uuid('Not an organization id'),
  schoolYearId: z.uuid('Not a school year id'),
});

export const staffOrganizationResourceRow = organizationResourceRow
  .omit({ titleParts: true, descriptionParts: true, isFavorited: true })
  .extend({
    organizationId: z.string(),
    schoolYearId: z.string(),
  });
export type StaffOrganizationResourceRow = z.infer<typeof staffOrganizationResourceRow>;
export const staffOrganizationResourceList = paginated(staffOrganizationResourceRow);
export type StaffOrganizationResourceList = z.infer<typeof staffOrganizationResourceList>;

// ---------------------------------------------------------------- school years

export const schoolYearMessages = {
  created: 'School year created',
  nameFormat: 'Name it as 2026-2027',
  order: 'The year must end after it starts',
  taken: 'That school year exists already',
} as const;

const isoDate = z.iso.date('Enter a date');

export const schoolYearInput = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{4}$/, schoolYearMessages.nameFormat),
    startsOn: isoDate,
    endsOn: isoDate,
  })
  .refine((value) => value.endsOn > value.startsOn, { message: schoolYearMessages.order, path: ['endsOn'] });
export type SchoolYearInput = z.infer<typeof schoolYearInput>;

export const schoolYearRow = z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type SchoolYearRow = z.infer<typeof schoolYearRow>;
export const schoolYearList = z.object({ items: z.array(schoolYearRow) });
export type SchoolYearList = z.infer<typeof schoolYearList>;

// ---------------------------------------------------------------- the 'Resources' page

export const resourcesHubPath = '/members/resources';

export const resourcesHubMessages = {
  noOrganizations: 'You are not a member of an organization, so there are no organization resources to show.',
  noCollections: 'No video collections yet.',
  noEvents: 'No event resources yet: they appear here for the events you hold a ticket for or are accepted to.',
} as const;

/**
 * What the side menu's 'Resources' gathers: the caller's organizations (each opens its organization
 * resources), every video collection, and the events they attend that have resources.
 */
export const resourcesHub = z.object({
  organizations: z.array(namedOption),
  videoCollections: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string(), description: z.string(), videoCount: z.number() }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      resourceCount: z.number(),
    }),
  ),
});
export type ResourcesHub = z.infer<typeof resourcesHub>;
