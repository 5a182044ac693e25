import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { seatsLeft } from './event-labels.ts';

/** "Sold out", or how many seats are left (nothing when the event or section has no limit). */
export function SeatsBadge({ remaining }: { remaining: number | null }) {
  const left = seatsLeft(remaining);
  if (remaining === 0) return <StatusBadge tone="cancelled">{catalogueMessages.soldOut}</StatusBadge>;
  return left ? <StatusBadge tone="neutral">{left}</StatusBadge> : null;
}
