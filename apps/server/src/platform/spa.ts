import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from './errors.ts';

/**
 * Pages most visits start on, with the module the client router loads for them. Their index.html
 * names that module and everything it imports as modulepreloads, so the browser fetches them with the
 * entry instead of after it has run (one round trip less before the page paints).
 */
const preloadedRoutes: Record<string, string> = {
  '/auth/login': 'src/features/auth/pages/login-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The chunks a module needs before it runs that the entry (index.html) does not already load. */
function chunksOf(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !manifest[name]) return;
    seen.add(name);
    for (const imported of manifest[name].imports ?? []) visit(imported);
  };
  visit('index.html');
  const loaded = new Set(seen);
  visit(key);
  return [...seen].filter((name) => !loaded.has(name)).map((name) => `/${manifest[name]?.file ?? ''}`);
}

function preloadPages(webDist: string, indexHtml: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile) || !indexHtml.includes('</head>')) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  for (const [route, module] of Object.entries(preloadedRoutes)) {
    if (!manifest[module]) continue;
    const links = chunksOf(manifest, module).map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`);
    const html = indexHtml.replace('</head>', `${links.join('')}  </head>`);
    pages.set(route, { html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) });
  }
  return pages;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

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
  const pages = preloadPages(webDist, readFileSync(indexFile, 'utf8'));
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
    const page = pages.get(request.url.split('?')[0] ?? '');
    if (page) return sendPage(request, reply, page);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
