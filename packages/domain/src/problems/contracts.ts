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

/**
 * What the API itself sends for every error, whatever raised it (a route, Fastify, a plugin, the HTTP
 * parser): always a detail a person can read, and no other keys. `problem` stays lenient because the
 * web app also reads answers that did not come from the API (a proxy's 502).
 */
export const sentProblem = z.strictObject({
  type: z.string().optional(),
  title: z.string().min(1),
  status: z.number().int().min(400).max(599),
  detail: z.string().min(1),
  errors: z.record(z.string(), z.string()).optional(),
});
