import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler } from './errors.ts';
import { afterFirstPaintScript } from './first-paint.ts';
import { sessionCookie } from './sessions.ts';

/**
 * Every page of the app by its address pattern (`/members/events/:eventId`), with the modules the
 * client router loads for it and the API reads its first screen makes. Its index.html names those
 * modules and everything they import as modulepreloads, and those reads (the address's parameters
 * filled in) as preloads, so the browser fetches them with the entry instead of one after the other as
 * each has run (each a round trip before the page paints). The web build writes the list from its
 * routes (apps/web/src/app/preloads.ts).
 */
interface PreloadedPage {
  modules: string[];
  reads: string[];
}

function preloadedPages(webDist: string): Record<string, PreloadedPage> {
  const file = path.join(webDist, '.vite', 'preloads.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, PreloadedPage>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** A page, made when first asked for: with every member page prerendered, they would hold megabytes made at start. */
interface Page {
  html: () => string;
  br: () => Promise<Buffer>;
  gzip: () => Promise<Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Made once, when first asked for: a start makes nothing it may never send. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * The page compressed on zlib's thread pool, not the event loop, when first asked for, at a quality that takes a few
 * milliseconds: brotli's best took a fifth of a second a page, for an eighth fewer bytes, and compressing every
 * prerendered page at start took seconds of both cores before the server could answer anything.
 */
function compressedPage(make: () => string): Page {
  const html = once(make);
  return {
    html,
    br: once(() => brotli(html(), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: once(() => gzipped(html(), { level: 6 })),
  };
}

/** A page whose address has parameters: its preloaded reads are filled in for each address asked. */
interface PagePattern {
  matcher: RegExp;
  parameters: string[];
  page: (values: Record<string, string>) => Page;
}

/**
 * A page as sent to a visitor with a session cookie, with its preloaded reads, and to one without:
 * their reads would only be refused (a member's page sends a signed-out visitor to sign in first).
 */
interface PageVariants<T> {
  signedIn: T;
  signedOut: T;
  /**
   * For an address with a query, where the screen would show another state than the address asks for (a filtered
   * list as unfiltered): the loading line, and no preloaded read, whose parameters would be the bare address's too.
   */
  queried?: T;
}

/**
 * The chunks modules need before they run that the entry (index.html) does not already load, and their stylesheets:
 * the script that loads a lazy module fetches a stylesheet it needs and waits for it before the module runs, unless a
 * link already names it.
 */
function chunksOf(manifest: Record<string, ManifestChunk>, keys: string[]): { scripts: string[]; styles: string[] } {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !manifest[name]) return;
    seen.add(name);
    for (const imported of manifest[name].imports ?? []) visit(imported);
  };
  visit('index.html');
  const loaded = new Set(seen);
  const loadedStyles = new Set([...loaded].flatMap((name) => manifest[name]?.css ?? []));
  for (const key of keys) visit(key);
  const added = [...seen].filter((name) => !loaded.has(name));
  const styles = new Set(added.flatMap((name) => manifest[name]?.css ?? []).filter((css) => !loadedStyles.has(css)));
  return {
    scripts: added.map((name) => `/${manifest[name]?.file ?? ''}`),
    styles: [...styles].map((css) => `/${css}`),
  };
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The loading line of index.html, between markers, that a prerendered screen takes the place of. */
const firstScreen = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;

/** A screen the build rendered to HTML, and whether it is sent for an address with a query too. */
interface Screen {
  markup: string;
  forAnyQuery: boolean;
}

/**
 * Screens the build rendered to HTML (apps/web/src/app/prerender.tsx), by path. Inert until the app
 * replaces them: a click or a typed letter before the scripts have run would otherwise be lost.
 */
function prerenderedScreens(webDist: string): Record<string, Screen> {
  const file = path.join(webDist, '.vite', 'prerendered.json');
  if (!existsSync(file)) return {};
  const { screens = {}, screensForAnyQuery = [] } = JSON.parse(readFileSync(file, 'utf8')) as {
    screens?: Record<string, string>;
    screensForAnyQuery?: string[];
  };
  return Object.fromEntries(
    Object.entries(screens).map(([route, markup]) => [
      route,
      {
        markup: `<div inert style="display: contents">${markup}</div>`,
        forAnyQuery: screensForAnyQuery.includes(route),
      },
    ]),
  );
}

/**
 * The build's stylesheets written into the page: a prerendered screen can then be painted as soon as
 * the HTML is in, not one more request later (the stylesheet blocks rendering, the scripts do not).
 * Each keeps its link, disabled, which the browser neither fetches nor applies: the script that loads a
 * lazy page's stylesheets skips those a link already names, and would otherwise fetch and apply the
 * whole stylesheet again with the first page that imports a component of it.
 */
function inlineStylesheets(webDist: string, html: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
    const css = path.join(webDist, file);
    if (!existsSync(css)) return link;
    return `<style>${readFileSync(css, 'utf8')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** The page's scripts and preloaded requests, moved from its head into the after-first-paint loader. */
function scriptsAfterFirstPaint(html: string): string {
  const taken = { entry: '', modules: [] as string[], fetch: [] as string[] };
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      taken.entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      taken.modules.push(href);
      return '';
    })
    .replace(/\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/g, (_tag, href: string) => {
      taken.fetch.push(href);
      return '';
    });
  if (!taken.entry) return html;
  const loader = `<script data-entry="${taken.entry}" data-modules="${taken.modules.join(' ')}" data-fetch="${taken.fetch.join(' ')}">${afterFirstPaintScript}</script>`;
  return rest.replace('</body>', () => `  ${loader}\n  </body>`);
}

const stylesheets = (hrefs: string[]) =>
  hrefs.map((href) => `    <link rel="stylesheet" crossorigin href="${href}">\n`);
const modulePreloads = (hrefs: string[]) =>
  hrefs.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`);
const fetchPreloads = (hrefs: string[]) =>
  hrefs.map((href) => `    <link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin />\n`);

/** A value an address's parameter may put into a preloaded read: an id, never a path of its own. */
const plainValue = /^[\w-]{1,100}$/;

/** The reads with the address's parameters filled in; a read that would need an odd value is left out. */
function readsWith(reads: string[], values: Record<string, string>): string[] {
  return reads.flatMap((read) => {
    let plain = true;
    const filled = read.replace(/:\w+/g, (name) => {
      const value = values[name] ?? '';
      plain &&= plainValue.test(value);
      return value;
    });
    return plain ? [filled] : [];
  });
}

/** An address pattern as a regular expression, with its parameters' names in order. */
function patternOf(route: string): { matcher: RegExp; parameters: string[] } {
  const parameters: string[] = [];
  const source = route
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameters.push(segment);
      return '([^/]+)';
    })
    .join('/');
  return { matcher: new RegExp(`^${source}$`), parameters };
}

interface AppPages {
  exact: Map<string, PageVariants<Page>>;
  patterns: PageVariants<PagePattern>[];
}

function preloadPages(webDist: string, indexHtml: string): AppPages {
  const pages: AppPages = { exact: new Map(), patterns: [] };
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile) || !indexHtml.includes('</head>')) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const screens = prerenderedScreens(webDist);
  const preloadedRoutes = preloadedPages(webDist);
  const styledIndexHtml = inlineStylesheets(webDist, indexHtml);
  for (const route of new Set([...Object.keys(preloadedRoutes), ...Object.keys(screens)])) {
    const preload = preloadedRoutes[route];
    const modules = chunksOf(
      manifest,
      (preload?.modules ?? []).filter((module) => manifest[module]),
    );
    const screen = screens[route];
    const htmlWith = (reads: string[], drawn: Screen | null = screen ?? null) => {
      const preloads = [...modulePreloads(modules.scripts), ...fetchPreloads(reads)].join('');
      const styles = stylesheets(modules.styles).join('');
      if (drawn === null) return indexHtml.replace('</head>', () => `${styles}${preloads}  </head>`);
      const head = `${inlineStylesheets(webDist, styles)}${preloads}  </head>`;
      return scriptsAfterFirstPaint(styledIndexHtml.replace('</head>', () => head)).replace(
        firstScreen,
        () => drawn.markup,
      );
    };
    const signedOut = compressedPage(() => htmlWith([]));
    const queried = screen?.forAnyQuery === false ? compressedPage(() => htmlWith([], null)) : undefined;
    if (route.includes(':')) {
      const { matcher, parameters } = patternOf(route);
      pages.patterns.push({
        signedIn: {
          matcher,
          parameters,
          page: (values) => compressedPage(() => htmlWith(readsWith(preload?.reads ?? [], values))),
        },
        signedOut: { matcher, parameters, page: () => signedOut },
        ...(queried ? { queried: { matcher, parameters, page: () => queried } } : {}),
      });
      continue;
    }
    pages.exact.set(route, {
      signedIn: compressedPage(() => htmlWith(preload?.reads ?? [])),
      signedOut,
      ...(queried ? { queried } : {}),
    });
  }
  // Fewer parameters first: `/events/new/edit` is a page of its own before `/events/:id/edit` is.
  pages.patterns.sort((a, b) => a.signedIn.parameters.length - b.signedIn.parameters.length);
  return pages;
}

/** The page for an address: a listed one, or one of a pattern, its reads filled in from the address. */
function pageFor(pages: AppPages, url: string, signedIn: boolean): Page | undefined {
  const [pathname = '', query = ''] = url.split('?');
  const pick = <T>(variants: PageVariants<T>): T =>
    (query !== '' ? variants.queried : undefined) ?? (signedIn ? variants.signedIn : variants.signedOut);
  const exact = pages.exact.get(pathname);
  if (exact) return pick(exact);
  for (const pattern of pages.patterns) {
    const { matcher, parameters, page } = pick(pattern);
    const match = matcher.exec(pathname);
    if (!match) continue;
    return page(Object.fromEntries(parameters.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  return undefined;
}

async function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(await page.br());
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await page.gzip());
  return reply.send(page.html());
}

/** A path naming a file (its last segment has an extension): no page of the app is named so. */
const namesAFile = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Whether a GET outside the built files is a page of the app: not the API, not a missing asset or any
 * other file (/favicon.ico, /apple-touch-icon.png, /wp-login.php: a 404, not the app's HTML), and not a
 * page of a part this server does not run (`absentPages`, path prefixes).
 */
function isAppPage(request: FastifyRequest, absentPages: readonly string[]): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    request.method === 'GET' &&
    !pathname.startsWith('/api/') &&
    !pathname.startsWith('/assets/') &&
    !namesAFile.test(pathname) &&
    !absentPages.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}

/**
 * Serves the built web app; any other GET for a page of the app gets index.html (client routing).
 * The build writes a .br and a .gz next to each text file: the one the browser accepts is sent as it
 * is (Vary: Accept-Encoding), the plain file when it accepts neither. Hashed assets never change under
 * their name, so browsers keep them for a year; index.html names the current ones, so it is revalidated.
 * The pages under `absentPages` are 404, as their API is: the web build has them all, this server may not.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  absentPages: readonly string[],
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`${indexFile} is missing: run "npm run build" to serve the web app`);
    app.setNotFoundHandler(notFoundHandler);
    return;
  }
  const pages = preloadPages(webDist, readFileSync(indexFile, 'utf8'));
  // The few files at the top (index.html, favicon.ico, robots.txt) get a route each; the hashed assets one route for
  // the folder. A route per file of the build (over 800 with the .br and .gz) took a second of every start to
  // register (docs/decisions/0144-start-in-a-second.md). Either way the .br or .gz is found beside the file.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('Cache-Control', 'no-cache');
    },
  });
  await app.register(fastifyStatic, {
    root: path.join(webDist, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // The folder itself is no file: 404, as any other name the build does not have.
    allowedPath: (pathname) => !pathname.endsWith('/'),
    preCompressed: true,
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (!isAppPage(request, absentPages)) return notFoundHandler(request, reply);
    const page = pageFor(pages, request.url, Boolean(request.cookies[sessionCookie]));
    if (page) return sendPage(request, reply, page);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
