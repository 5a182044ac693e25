import { queryOptions } from '@tanstack/react-query';
import type { TreasureChest } from '@portal/domain/content/toolkit.ts';
import { api } from '../../../lib/api.ts';

export const toolkitKeys = {
  all: ['toolkit'] as const,
  treasureChest: ['toolkit', 'treasure-chest'] as const,
};

/** GET /api/toolkit/treasure-chest: what the member's flags open; the server reads the flags itself. */
export const treasureChestQuery = queryOptions({
  queryKey: toolkitKeys.treasureChest,
  queryFn: ({ signal }) => api.get<TreasureChest>('/api/toolkit/treasure-chest', signal),
});
