import { queryOptions } from '@tanstack/react-query';
import type { VerifiedCertificate } from '@portal/domain/events/certificates.ts';
import { api } from '../../../lib/api.ts';

/** GET /api/verify/{code}: public; 404 when no certificate has the code. */
export function verifyQuery(code: string) {
  return queryOptions({
    queryKey: ['certificates', 'verify', code] as const,
    queryFn: ({ signal }) => api.get<VerifiedCertificate>(`/api/verify/${encodeURIComponent(code)}`, signal),
    retry: false,
  });
}
