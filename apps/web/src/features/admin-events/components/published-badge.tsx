import { StatusBadge } from '../../../ui/status-badge.tsx';

/** A published event is live for members (done, green); a draft is only a fact (grey). */
export function PublishedBadge({ published }: { published: boolean }) {
  return <StatusBadge tone={published ? 'paid' : 'neutral'}>{published ? 'Published' : 'Draft'}</StatusBadge>;
}
