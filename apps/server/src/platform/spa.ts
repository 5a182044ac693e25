import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundHandler } from './errors.ts';

/**
 * Serves the built web app; any other GET that is not an API call gets index.html (client routing).
 * The build writes a .br and a .gz next to each text file: the one the browser accepts is sent as it
 * is (Vary: Accept-Encoding), the plain file when it accepts neither. Hashed assets never change under
 * their name, so browsers keep them for a year; index.html names the current ones, so it is revalidated.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`${indexFile} is missing: run "npm run build" to serve the web app`);
    app.setNotFoundHandler(notFoundHandler);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      return notFoundHandler(request, reply);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
