import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { api } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';

/**
 * POST /api/event-applications: starts the member's application to the event, or answers the one
 * they already have (the server is idempotent per member and event), then opens its first step.
 */
export function useApply(eventId: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ applicationId: string }>('/api/event-applications', { eventId }),
    onSuccess: ({ applicationId }) => void navigate(applicationPaths.step(applicationId, 'general-information')),
    onError: notifyError,
  });
}
