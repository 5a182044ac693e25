import { queryOptions } from '@tanstack/react-query';
import type { myCertificates } from '@portal/domain/events/certificates.ts';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** GET /api/certificates: the signed-in member's certificates, read by My tickets and the profile. */
export const myCertificatesQuery = queryOptions({
  queryKey: ['certificates', 'mine'] as const,
  queryFn: ({ signal }) => api.get<z.infer<typeof myCertificates>>('/api/certificates', signal),
});

export const certificatePdfPath = (certificateId: string) => `/api/certificates/${certificateId}/pdf`;
export const transcriptPaths = {
  pdf: '/api/certificates/transcript.pdf',
  csv: '/api/certificates/transcript.csv',
} as const;
