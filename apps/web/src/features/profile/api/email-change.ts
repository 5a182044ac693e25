import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * PUT /api/profile/email: on success every session of the member ends on the server, so nothing is
 * read again here; the page signs out after showing the message.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (email: string) => api.put<{ message: string }>('/api/profile/email', { email }),
  });
}
