import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The API answers worth compressing: JSON and problem+json. */
const jsonAnswer = /^application\/(?:problem\+)?json(?:;|$)/i;

/**
 * Compresses API answers over 1 kB on the fly (brotli at the plugin's fast quality 4, else gzip).
 * The web app's files are compressed once at build time at the highest levels and sent as they are
 * (spa.ts, preCompressed), so routes outside /api/ opt out here: the plugin would otherwise also
 * compress a file that has no pre-compressed sibling. Must be registered before any route, as the
 * plugin attaches itself to each route when it is declared. Request bodies are left as sent: no
 * client of ours compresses them, and the webhooks verify their signature over the raw bytes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: jsonAnswer,
    globalDecompression: false,
  });
}
