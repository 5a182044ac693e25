import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * Event resources (events.md §2 'Event resources', §3 Resource, §7, §9): links and files staff attach
 * to an event, the whole of it or some of its sections, shown to the people who attend it.
 */

export const resourceMessages = {
  empty: 'No resources found',
  /** Unknown event, or an event the caller does not attend: the same answer, so neither is told apart. */
  notAttending: 'Resources are shown only to ticket holders and accepted applicants of this event.',
  applicationNotFound: 'No such application.',
  sectionNotAttended: 'You do not attend this section.',
  notFound: 'No such resource.',
  fileMissing: 'The file of this resource is missing.',
  titleRequired: 'Title is required',
  urlInvalid: 'Enter a full web address starting with https:// or http://',
  linkOrFile: 'Give a link or upload a file',
  notBoth: 'Give a link or a file, not both',
  fileType: 'Upload a PDF, Word, PowerPoint, Excel, PNG or JPG file',
  fileTooLarge: 'The file must be 10 MB or smaller',
  sectionsOfEvent: 'Choose sections of this event',
  created: 'Resource created',
  saved: 'Resource saved',
  deleted: 'Resource deleted',
  moved: 'Order saved',
  deleteConfirm: 'Delete this resource? Members will no longer see it.',
} as const;

/** §9: the resources search waits this long after the last keystroke. */
export const resourceSearchDebounceMs = 300;
export const resourceFileMaxBytes = 10 * 1024 * 1024;
export const resourcePageSize = 20;

// ---------------------------------------------------------------- file types

export const resourceFileTypes = ['pdf', 'docx', 'pptx', 'xlsx', 'png', 'jpg'] as const;
export type ResourceFileType = (typeof resourceFileTypes)[number];

export const resourceContentTypes: Record<ResourceFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** Extensions a file picker offers (and the names a download keeps). */
export const resourceExtensions: Record<ResourceFileType, readonly string[]> = {
  pdf: ['.pdf'],
  docx: ['.docx'],
  pptx: ['.pptx'],
  xlsx: ['.xlsx'],
  png: ['.png'],
  jpg: ['.jpg', '.jpeg'],
};

export const resourceFileLabels: Record<ResourceFileType, string> = {
  pdf: 'PDF',
  docx: 'Word',
  pptx: 'PowerPoint',
  xlsx: 'Excel',
  png: 'PNG image',
  jpg: 'JPG image',
};

/** 532 B, 14 KB, 2.4 MB: how big a download is, as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The folder an Office Open XML package keeps its main part in: a .docx is a zip holding word/…. */
const officeFolders: Partial<Record<ResourceFileType, string>> = { docx: 'word/', pptx: 'ppt/', xlsx: 'xl/' };

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function containsText(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * A file's type by its content, the name only telling the Office formats apart (all three are zips):
 * a renamed HTML page or executable is null. An Office file must hold its format's main folder.
 */
export function detectResourceFileType(bytes: Uint8Array, filename: string): ResourceFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const extension = filename.toLowerCase().match(/\.[a-z]+$/)?.[0] ?? '';
  const type = (Object.keys(officeFolders) as ResourceFileType[]).find((t) =>
    resourceExtensions[t].includes(extension),
  );
  const folder = type ? officeFolders[type] : undefined;
  return type && folder && containsText(bytes, '[Content_Types].xml') && containsText(bytes, folder) ? type : null;
}

/** Letters, digits, spaces, dots, dashes and underscores only, with the type's extension: safe in a header and on any disk. */
export function resourceDownloadName(filename: string, type: ResourceFileType): string {
  const [extension = ''] = resourceExtensions[type];
  const base = filename
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 100);
  return `${base || 'resource'}${extension}`;
}

// ---------------------------------------------------------------- who sees what

/**
 * What a member attends of one event: the whole event (a ticket without a section, an accepted
 * application without section choices, a paid legacy application) and/or some of its sections.
 */
export interface ResourceAccess {
  wholeEvent: boolean;
  sectionIds: readonly string[];
}

/** Which resources a list shows: every one of the event, or the event-wide ones plus those aimed at these sections. */
export type ResourceScope = { kind: 'all' } | { kind: 'sections'; sectionIds: readonly string[] };

/**
 * The visibility rule (docs/decisions/0063-event-resources-visibility.md). Staff and whole-event attendees see
 * everything; a section attendee sees the event-wide resources and those of their sections. An
 * eventSectionId narrows to that section (its own and the event-wide ones) and must be attended.
 * null: nothing to show — the caller does not attend the event, or not that section.
 */
export function resourceScope(access: ResourceAccess | 'staff', sectionFilter: string | null): ResourceScope | null {
  if (access === 'staff' || access.wholeEvent)
    return sectionFilter === null ? { kind: 'all' } : { kind: 'sections', sectionIds: [sectionFilter] };
  if (access.sectionIds.length === 0) return null;
  if (sectionFilter === null) return { kind: 'sections', sectionIds: [...new Set(access.sectionIds)] };
  return access.sectionIds.includes(sectionFilter) ? { kind: 'sections', sectionIds: [sectionFilter] } : null;
}

/** Whether a resource aimed at `targetSectionIds` (none: the whole event) is in the scope. */
export function resourceVisible(targetSectionIds: readonly string[], scope: ResourceScope): boolean {
  if (scope.kind === 'all' || targetSectionIds.length === 0) return true;
  return targetSectionIds.some((id) => scope.sectionIds.includes(id));
}

/** Two attendances of one event together (a ticket and an accepted application). */
export function combineAccess(a: ResourceAccess, b: ResourceAccess): ResourceAccess {
  return { wholeEvent: a.wholeEvent || b.wholeEvent, sectionIds: [...new Set([...a.sectionIds, ...b.sectionIds])] };
}

export const noAccess: ResourceAccess = { wholeEvent: false, sectionIds: [] };

// ---------------------------------------------------------------- paths

export const resourcePaths = {
  /** The member's page (§7 'Event resources: eventId, eventSectionId, eaId'). */
  member: (eventId: string, query: { eventSectionId?: string | null; eaId?: string | null } = {}) => {
    const search = new URLSearchParams();
    if (query.eventSectionId) search.set('eventSectionId', query.eventSectionId);
    if (query.eaId) search.set('eaId', query.eaId);
    const tail = search.toString();
    return `/members/events/${encodeURIComponent(eventId)}/resources${tail ? `?${tail}` : ''}`;
  },
  file: (eventId: string, resourceId: string) =>
    `/api/events/${encodeURIComponent(eventId)}/resources/${encodeURIComponent(resourceId)}/file`,
  admin: (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/resources`,
} as const;

// ---------------------------------------------------------------- contracts

const uuid = (message: string) => z.uuid(message);

export const resourceQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(resourcePageSize),
  search: z.string().trim().max(100).optional(),
  eventSectionId: uuid('Not a section id').optional(),
  eaId: uuid('Not an application id').optional(),
});
export type ResourceQuery = z.input<typeof resourceQuery>;

export const resourceSection = z.object({ id: z.string(), title: z.string() });

export const resourceFile = z.object({ name: z.string(), size: z.number(), type: z.enum(resourceFileTypes) });

export const resourceRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** A link, or null when the resource is an uploaded file (then `file` is set). */
  url: z.string().nullable(),
  file: resourceFile.nullable(),
  order: z.number(),
  /** The sections it is aimed at; empty: the whole event. */
  sections: z.array(resourceSection),
});
export type ResourceRow = z.infer<typeof resourceRow>;

export const resourceListReply = paginated(resourceRow).extend({
  event: z.object({ id: z.string(), name: z.string() }),
  /** The section the list is narrowed to (eventSectionId), if any. */
  section: resourceSection.nullable(),
});
export type ResourceListReply = z.infer<typeof resourceListReply>;

/** A full http(s) web address with a host, at most 2,000 characters: the link of event and organization resources. */
export function webAddress(message: string) {
  return z
    .string()
    .trim()
    .max(2000, message)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, message);
}

/**
 * The staff form's text fields, as multipart/form-data sends them (strings): sectionIds is a
 * comma-separated list, url empty when the resource is a file. Whether a file came is the server's to add.
 */
export const resourceFields = z.object({
  title: z.string().trim().min(1, resourceMessages.titleRequired).max(200, 'At most 200 characters'),
  description: z.string().trim().max(5000, 'At most 5000 characters').default(''),
  url: z.union([z.literal(''), webAddress(resourceMessages.urlInvalid)]).default(''),
  sectionIds: z
    .string()
    .default('')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.uuid(resourceMessages.sectionsOfEvent)).max(100)),
});
export type ResourceFields = z.output<typeof resourceFields>;

/**
 * A resource is a link or a file, never both: the errors of that rule, by field. `newFile`: a file
 * comes with this save; `keptFile`: the resource already holds one, which a save without either keeps.
 * `messages`: the words of the form asking (organization resources say "PDF").
 */
export function linkOrFileProblems(
  url: string,
  newFile: boolean,
  keptFile: boolean,
  messages: { notBoth: string; linkOrFile: string } = resourceMessages,
): Partial<Record<'url' | 'file', string>> {
  if (url.trim() !== '' && newFile) return { url: messages.notBoth };
  if (url.trim() === '' && !newFile && !keptFile) return { url: messages.linkOrFile, file: messages.linkOrFile };
  return {};
}

/** Which way an up/down button moves a resource in the event's order. */
export const resourceMove = z.object({ direction: z.enum(['up', 'down']) });
export type ResourceMove = z.infer<typeof resourceMove>;

export const staffResourceList = z.object({ items: z.array(resourceRow) });
export type StaffResourceList = z.infer<typeof staffResourceList>;
