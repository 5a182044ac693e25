import { lazy, Suspense, useState } from 'react';
import type { PasteListModalProps } from './paste-list-modal.tsx';

export type { SeatedPerson } from './paste-list-modal.tsx';

const loadModal = () => import('./paste-list-modal.tsx');
const PasteListModal = lazy(() => loadModal().then((module) => ({ default: module.PasteListModal })));

/**
 * Loads the dialog when a pointer or the focus reaches its button: the preview table, the file control and the text
 * box (about 7 kB) are no part of the pages that offer the paste until someone reaches for it (decision 0172).
 */
export const preloadPasteList = { onPointerEnter: () => void loadModal(), onFocus: () => void loadModal() };

/** 'Paste a list' (paste-list-modal.tsx), fetched on its first opening and kept mounted after it for its animation. */
export function LazyPasteListModal(props: PasteListModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PasteListModal {...props} />
    </Suspense>
  );
}
