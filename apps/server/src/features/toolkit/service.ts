import { hasToolkitAccess } from '@portal/domain/people/roles.ts';
import {
  toolkitMessages,
  toolkitPaths,
  type ToolkitDocument,
  type TreasureChest,
} from '@portal/domain/content/toolkit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { favouritedIds } from '../../core/favourites.ts';
import {
  readToolkitFlags,
  toolkitDocumentDownload,
  visibleContainers,
  visibleDocuments,
  type VisibleDocument,
} from '../../core/toolkit-content.ts';
import { forbidden } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/** The page redirects a member without toolkit access; the server refuses them the same content. */
function requireToolkit(auth: RequestAuth): void {
  if (!hasToolkitAccess(auth.user)) throw forbidden(toolkitMessages.noAccess);
}

/**
 * GET /api/toolkit/treasure-chest (organizations.md §7 'Treasure chest query with userId, email and
 * flags'): the categories and groupings the caller's flags open, with their documents. The flags are
 * the caller's own, read on the server, never sent by the page. Read whole: staff curate a few dozen
 * containers (docs/decisions/0076-toolkit-treasure-chest.md).
 */
export async function readTreasureChest(deps: AppDeps, auth: RequestAuth): Promise<TreasureChest> {
  requireToolkit(auth);
  const containers = await visibleContainers(deps.db, await readToolkitFlags(deps.db, auth.user.id));
  const documents = await visibleDocuments(deps.db, containers);
  const saved = await favouritedIds(
    deps.db,
    auth.user.id,
    'toolkit_document',
    documents.map((d) => d.id),
  );
  const present = (d: VisibleDocument): ToolkitDocument => ({
    id: d.id,
    title: d.title,
    description: d.description,
    fileName: d.fileName,
    fileSize: d.fileSize,
    downloadLink: toolkitPaths.download(d.id),
    isFavorited: saved.has(d.id),
  });
  return {
    categories: containers.categories.map((c) => ({
      ...c,
      documents: documents.filter((d) => d.categoryId === c.id).map(present),
    })),
    groupings: containers.groupings.map((g) => ({
      ...g,
      documents: documents.filter((d) => d.groupingId === g.id).map(present),
    })),
  };
}

/** GET /api/toolkit/documents/:documentId/file: the PDF, to a member whose Treasure Chest shows it. */
export async function downloadToolkitDocument(deps: AppDeps, auth: RequestAuth, documentId: string) {
  requireToolkit(auth);
  return toolkitDocumentDownload(deps.db, deps.storage, await readToolkitFlags(deps.db, auth.user.id), documentId);
}
