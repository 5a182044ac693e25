import { z } from 'zod';

/** RFC 9457 problem details, with one message per invalid field. */
export const problem = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problem>;
