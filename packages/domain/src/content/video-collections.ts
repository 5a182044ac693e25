import { z } from 'zod';

/**
 * Video collections (organizations.md §2 'Video collection', §3, §7, §9): a named collection, opened
 * by its slug, of Vimeo videos with their PDF documents. Every signed-in member may watch them.
 */

export const videoCollectionMessages = {
  notFound: 'No such video collection.',
  documentNotFound: 'No such document.',
  fileMissing: 'The file of this document is missing.',
  noVideos: 'This collection has no videos yet.',
  playerFallback: 'If the player does not load here:',
  nameRequired: 'Name is required',
  slugFormat: 'Use lowercase letters, digits and dashes',
  slugTaken: 'Another collection uses this address',
  titleRequired: 'Title is required',
  vimeoIdFormat: 'Enter the number at the end of the Vimeo address',
  fileType: 'Upload a PDF file',
  fileRequired: 'Choose a PDF file',
  fileTooLarge: 'The file must be 10 MB or smaller',
  collectionCreated: 'Collection created',
  collectionSaved: 'Collection saved',
  collectionDeleted: 'Collection deleted',
  collectionDeleteConfirm: 'Delete this collection, its videos and their documents?',
  videoCreated: 'Video added',
  videoSaved: 'Video saved',
  videoDeleted: 'Video deleted',
  videoDeleteConfirm: 'Delete this video and its documents?',
  documentCreated: 'Document uploaded',
  documentDeleted: 'Document deleted',
  documentDeleteConfirm: 'Delete this document?',
} as const;

/** §9: the player frame is 500 px high. */
export const videoPlayerHeight = 500;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A collection's address from its name: "Coaching Cycles in Action" -> "coaching-cycles-in-action". */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The Vimeo player address of a video (the iframe's src). */
export const vimeoEmbedUrl = (vimeoId: string) => `https://player.vimeo.com/video/${encodeURIComponent(vimeoId)}`;
/** Where the same video plays on vimeo.com, for when the embedded player cannot load. */
export const vimeoPageUrl = (vimeoId: string) => `https://vimeo.com/${encodeURIComponent(vimeoId)}`;

/**
 * The video `?selectedVideo=` picks (by the video's id); an unknown or missing one picks the first, so
 * an old link still opens the collection.
 */
export function selectedVideoOf<T extends { id: string }>(videos: readonly T[], selected: string | null): T | null {
  return videos.find((video) => video.id === selected) ?? videos[0] ?? null;
}

export const videoCollectionPaths = {
  page: (slug: string, selectedVideo?: string | null) =>
    `/members/video-collection/${encodeURIComponent(slug)}${selectedVideo ? `?selectedVideo=${encodeURIComponent(selectedVideo)}` : ''}`,
  api: (slug: string) => `/api/video-collections/${encodeURIComponent(slug)}`,
  file: (documentId: string) => `/api/video-documents/${encodeURIComponent(documentId)}/file`,
  admin: '/admin/video-collections',
} as const;

// ---------------------------------------------------------------- contracts

export const videoDocument = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  downloadLink: z.string(),
});
export type VideoDocument = z.infer<typeof videoDocument>;

export const video = z.object({
  id: z.string(),
  vimeoId: z.string(),
  title: z.string(),
  description: z.string(),
  documents: z.array(videoDocument),
  /** In the caller's My Saved Resources. */
  isFavorited: z.boolean(),
});
export type Video = z.infer<typeof video>;

/** §7 'a video collection by slug. Response: name and videos'. */
export const videoCollection = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  videos: z.array(video),
});
export type VideoCollection = z.infer<typeof videoCollection>;

export const videoCollectionSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  videoCount: z.number(),
});
export type VideoCollectionSummary = z.infer<typeof videoCollectionSummary>;
export const videoCollectionSummaries = z.object({ items: z.array(videoCollectionSummary) });
export type VideoCollectionSummaries = z.infer<typeof videoCollectionSummaries>;

export const slugParam = z.string().max(80).regex(slugPattern, videoCollectionMessages.notFound);

export const videoCollectionInput = z.object({
  name: z.string().trim().min(1, videoCollectionMessages.nameRequired).max(120, 'At most 120 characters'),
  slug: z
    .string()
    .trim()
    .min(1, videoCollectionMessages.slugFormat)
    .max(80, 'At most 80 characters')
    .regex(slugPattern, videoCollectionMessages.slugFormat),
  description: z.string().trim().max(2000, 'At most 2000 characters').default(''),
});
export type VideoCollectionInput = z.input<typeof videoCollectionInput>;

export const videoInput = z.object({
  vimeoId: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, videoCollectionMessages.vimeoIdFormat),
  title: z.string().trim().min(1, videoCollectionMessages.titleRequired).max(200, 'At most 200 characters'),
  description: z.string().trim().max(5000, 'At most 5000 characters').default(''),
});
export type VideoInput = z.input<typeof videoInput>;

/** The upload form's one text field (multipart/form-data), besides the PDF. */
export const videoDocumentFields = z.object({
  title: z.string().trim().min(1, videoCollectionMessages.titleRequired).max(200, 'At most 200 characters'),
});
