import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { testClock } from '../test/harness.ts';
import { productionEnvironment } from '../test/production-environment.ts';
import { localStorage } from './storage.ts';
import { sessionCookie } from './sessions.ts';

/** The pages the web build lists as preloaded (apps/web/src/app/preloads.ts), as it writes them. */
const preloads = {
  '/auth/login': { modules: ['src/features/auth/pages/login-page.tsx'], reads: [] },
  '/members/profile': {
    modules: ['src/app/members-layout.tsx', 'src/features/profile/pages/profile-page.tsx'],
    reads: ['/api/profile', '/api/lookups', '/api/affiliations', '/api/certificates'],
  },
  '/members/events/:eventId/attendance/:sectionId': {
    modules: ['src/features/auth/pages/login-page.tsx'],
    reads: ['/api/me', '/api/events/:eventId/attendance/:sectionId'],
  },
};

/** The web app's files copied as they are into the root of its build (Vite's public directory). */
const webPublic = path.resolve(import.meta.dirname, '../../../web/public');

/** A build output as Vite writes it: each text file with its brotli and gzip siblings, the public files at its root. */
function writeDist(): { dir: string; asset: Buffer; assetBr: Buffer; assetGz: Buffer; html: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  cpSync(webPublic, dir, { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  const html = Buffer.from(
    `<!doctype html><html><head><script type="module" src="/assets/x-hash.js"></script></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`,
  );
  const asset = Buffer.from(
    `export const rows = [${Array.from({ length: 500 }, (_, i) => `"row ${i}"`).join(',')}];\n`,
  );
  // Marked so the test can tell the pre-compressed files from anything compressed on the fly.
  const assetBr = brotliCompressSync(Buffer.concat([asset, Buffer.from('// br\n')]));
  const assetGz = gzipSync(Buffer.concat([asset, Buffer.from('// gz\n')]));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(dir, 'assets/x-hash.js'), asset);
  writeFileSync(path.join(dir, 'assets/x-hash.js.br'), assetBr);
  writeFileSync(path.join(dir, 'assets/x-hash.js.gz'), assetGz);
  // A file the build left without siblings (the plugin skips those that compression would not shrink).
  writeFileSync(path.join(dir, 'assets/y-hash.css'), `.a{color:red}\n`.repeat(200));
  // The entry and the sign-in page's module share a chunk; the page has one of its own besides.
  mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/x-hash.js', isEntry: true, imports: ['_shared-hash.js'] },
    '_shared-hash.js': { file: 'assets/shared-hash.js' },
    '_form-hash.js': { file: 'assets/form-hash.js', imports: ['_shared-hash.js'] },
    'src/features/auth/pages/login-page.tsx': {
      file: 'assets/auth-login-hash.js',
      imports: ['_shared-hash.js', '_form-hash.js', 'index.html'],
    },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, '.vite/preloads.json'), JSON.stringify(preloads));
  return { dir, asset, assetBr, assetGz, html };
}

describe('serving the web app and the API compressed', () => {
  const dist = writeDist();
  let app: App;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' }), webDist: dist.dir };
    const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-files-')));
    app = await buildApp({ config, db: database.db, clock: testClock(), storage }, { serveWeb: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, acceptEncoding?: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) },
    });
  /** Any session cookie: the page is sent as to a signed-in visitor (the API checks the session). */
  const signedIn = 'portal_session=abc';

  it('sends the brotli file to a browser that accepts brotli, as built, cached for a year', async () => {
    const response = await get('/assets/x-hash.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(dist.assetBr)).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const response = await get('/assets/x-hash.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(dist.assetGz)).toBe(true);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await get('/assets/x-hash.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(dist.asset)).toBe(true);
  });

  it('never compresses a web app file on the fly: one without siblings goes as it is', async () => {
    const response = await get('/assets/y-hash.css', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends index.html compressed and revalidated, at its own path and as the fallback of a client route', async () => {
    for (const url of ['/index.html', '/events/some-event/checkout']) {
      const brotli = await get(url, 'gzip, br');
      expect(brotli.statusCode, url).toBe(200);
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(brotli.rawPayload).equals(dist.html), url).toBe(true);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(dist.html), url).toBe(true);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.rawPayload.equals(dist.html), url).toBe(true);
    }
  });

  it("names the sign-in page's chunks in its index.html that the entry does not load already, compressed", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const brotli = await get('/auth/login?intended=%2Fmembers%2Fprofile', 'gzip, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-type']).toMatch(/^text\/html/);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expect(preloads(html)).toEqual(['/assets/auth-login-hash.js', '/assets/form-hash.js']);
    expect(html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(
      dist.html.toString(),
    );

    const gzip = await get('/auth/login', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await get('/auth/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const profile = (await get('/members/profile', undefined, signedIn)).body;
    expect(preloads(profile)).toEqual([]);
    expect(profile).toContain('<link rel="preload" href="/api/profile" as="fetch" crossorigin />');
    expect((await get('/members/profile')).body).not.toContain('rel="preload"');
  });

  it("names a page's reads with the parameters of the address asked for, and only plain ones", async () => {
    const reads = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/g)].map((m) => m[1]);
    const page = await get('/members/events/41/attendance/a-7?view=all', 'gzip, br', signedIn);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(reads(html)).toEqual(['/api/me', '/api/events/41/attendance/a-7']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-login-hash.js">');

    const odd = (await get('/members/events/41/attendance/%22%3E%3Cscript%3E', undefined, signedIn)).body;
    expect(reads(odd)).toEqual(['/api/me']);
    expect(odd).not.toContain('<script>');
    const elsewhere = (await get('/members/events/41/attendance/a-7/more', undefined, signedIn)).body;
    expect(reads(elsewhere)).toEqual([]);
    const signedOut = (await get('/members/events/41/attendance/a-7')).body;
    expect(reads(signedOut)).toEqual([]);
    expect(signedOut).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-login-hash.js">');
  });

  it('compresses a large JSON answer for a client that accepts brotli, and only then', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveProperty('openapi');

    const brotli = await get('/api/openapi.json', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves a JSON answer under 1 kB as it is', async () => {
    const response = await get('/api/health', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('files and pages the app does not have', () => {
  const dist = writeDist();
  const serve = async (env: Partial<Record<string, string>>) => {
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent', ...env }),
      webDist: dist.dir,
    };
    const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-files-')));
    const app = await buildApp({ config, db: database.db, clock: testClock(), storage }, { serveWeb: true });
    return { app, close: async () => (await app.close(), await database.close()) };
  };
  let development: Awaited<ReturnType<typeof serve>>;
  let production: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    development = await serve({});
    production = await serve(productionEnvironment);
  });
  afterAll(async () => {
    await development?.close();
    await production?.close();
  });

  it('serves the favicon and robots.txt the app ships, as files', async () => {
    for (const { app } of [development, production]) {
      const favicon = await app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect(favicon.rawPayload.equals(readFileSync(path.join(webPublic, 'favicon.ico')))).toBe(true);
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toMatch(/^User-agent: \*$/m);
    }
  });

  it('answers any other path naming a file 404, not with the app page', async () => {
    const paths = ['/apple-touch-icon.png', '/favicon.svg', '/members/report.pdf', '/wp-login.php?x=1', '/x.js'];
    // The assets folder is served by one route: a name not in it is 404 too, and nothing outside it is reached.
    paths.push('/assets/missing-hash.js', '/assets/', '/assets/../index.html.br', '/assets/%2e%2e/.vite/manifest.json');
    for (const url of paths) {
      const response = await development.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    // A page of the app is still the app, whatever its query says.
    const page = await development.app.inject({ method: 'GET', url: '/members/events?file=a.pdf' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('has the development mailbox and demo card pages in development only: in production they are 404 like their API', async () => {
    const pages = ['/dev/mailbox', '/dev/mailbox/', '/members/event-cart/checkout/demo-pay?eventPaymentId=x'];
    for (const url of pages) expect((await development.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    for (const url of [...pages, '/api/dev/mailbox']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    expect((await production.app.inject({ method: 'GET', url: '/dev/mailboxes' })).statusCode).toBe(200);
    expect((await production.app.inject({ method: 'GET', url: '/members/profile' })).statusCode).toBe(200);
  });
});

describe('a prerendered first screen', () => {
  const loadingLine = '<!--first-screen--><p role="status">Loading</p><!--/first-screen-->';
  const indexHtml = [
    '<!doctype html><html><head>',
    '<link rel="preload" href="/api/me" as="fetch" crossorigin />',
    '<script type="module" crossorigin src="/assets/x-hash.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/shared-hash.js">',
    '<link rel="stylesheet" crossorigin href="/assets/y-hash.css">',
    `</head><body><div id="root">${loadingLine}</div></body></html>`,
  ].join('\n');
  const screen = '<main><h1>Sign in</h1><form><input id="email"></form></main>';
  const sectionScreen = '<main><h1>Attendance</h1><p role="status">Loading</p></main>';
  const listScreen = '<main><h1>PD Services</h1><input aria-label="Kind" value="All kinds"></main>';
  let app: App;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dir, 'assets/y-hash.css'), '.a{color:red}');
    writeFileSync(path.join(dir, 'assets/table-hash.css'), '.t{margin:0}');
    writeFileSync(
      path.join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/x-hash.js',
          isEntry: true,
          imports: ['_shared-hash.js'],
          css: ['assets/y-hash.css'],
        },
        '_shared-hash.js': { file: 'assets/shared-hash.js' },
        '_table-hash.js': {
          file: 'assets/table-hash.js',
          css: ['assets/table-hash.css'],
          imports: ['_shared-hash.js'],
        },
        'src/features/auth/pages/login-page.tsx': {
          file: 'assets/auth-login-hash.js',
          imports: ['_shared-hash.js', '_table-hash.js'],
          css: ['assets/y-hash.css'],
        },
      }),
    );
    writeFileSync(
      path.join(dir, '.vite/prerendered.json'),
      JSON.stringify({
        screens: {
          '/auth/login': screen,
          '/members/events': listScreen,
          '/members/events/:eventId/attendance/:sectionId': sectionScreen,
        },
        screensForAnyQuery: ['/auth/login'],
      }),
    );
    writeFileSync(path.join(dir, '.vite/preloads.json'), JSON.stringify(preloads));
    database = await createTestDatabase();
    const config = { ...loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' }), webDist: dir };
    const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-files-')));
    app = await buildApp({ config, db: database.db, clock: testClock(), storage }, { serveWeb: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is painted from the HTML: in #root, inert until the app replaces it, the stylesheet in the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/login?intended=%2Fmembers%2Fprofile' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<div id="root"><div inert style="display: contents">${screen}</div></div>`);
    expect(response.body).not.toContain('Loading');
    expect(response.body).toContain('<style>.a{color:red}</style>');
    // The page's own chunks' stylesheet too, once; the entry's is not repeated.
    expect(response.body).toContain('<style>.t{margin:0}</style>');
    expect(response.body.match(/<style>/g)).toHaveLength(2);
    // Named, disabled: a lazy page's stylesheet loader finds them there and does not fetch them again.
    expect(response.body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/y-hash.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/table-hash.css" disabled>',
    ]);
  });

  it('starts the scripts and the preloaded reads after the first paint, through an inline script the CSP allows by its hash', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/login' });
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload|rel="preload"/);
    const loader =
      /<script data-entry="([^"]*)" data-modules="([^"]*)" data-fetch="([^"]*)">([^<]+)<\/script>\s*<\/body>/.exec(
        response.body,
      );
    expect(loader?.slice(1, 4)).toEqual([
      '/assets/x-hash.js',
      '/assets/shared-hash.js /assets/auth-login-hash.js /assets/table-hash.js',
      '/api/me',
    ]);
    const hash = createHash('sha256')
      .update(loader?.[4] ?? '')
      .digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}' 'wasm-unsafe-eval';`),
    );
  });

  it("paints a page of an address pattern from its screen, with the address's reads filled in for a signed-in visitor", async () => {
    const url = '/members/events/e-1/attendance/s-2';
    const signedIn = await app.inject({ method: 'GET', url, cookies: { [sessionCookie]: 'some-session' } });
    expect(signedIn.body).toContain(`<div id="root"><div inert style="display: contents">${sectionScreen}</div></div>`);
    expect(signedIn.body).toContain('<style>.a{color:red}</style>');
    expect(/data-fetch="([^"]*)"/.exec(signedIn.body)?.[1]?.split(' ')).toContain('/api/events/e-1/attendance/s-2');
    const signedOut = await app.inject({ method: 'GET', url });
    expect(signedOut.body).toContain(sectionScreen);
    expect(/data-fetch="([^"]*)"/.exec(signedOut.body)?.[1]).not.toContain('/api/events');
  });

  it('sends a page that reads its query without its screen for an address with one: the loading line, no read', async () => {
    const cookies = { [sessionCookie]: 'some-session' };
    const bare = await app.inject({ method: 'GET', url: '/members/events', cookies });
    expect(bare.body).toContain(listScreen);
    const filtered = await app.inject({ method: 'GET', url: '/members/events?kind=INSTITUTE', cookies });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).not.toContain(listScreen);
    expect(filtered.body).toContain(loadingLine);
    expect(filtered.body).toContain('<script type="module" crossorigin src="/assets/x-hash.js"></script>');
    expect(filtered.body).not.toContain('rel="preload" href="/api/events');
    const section = await app.inject({
      method: 'GET',
      url: '/members/events/e-1/attendance/s-2?status=absent',
      cookies,
    });
    expect(section.body).not.toContain(sectionScreen);
    expect(section.body).toContain(loadingLine);
    expect(section.body).not.toContain('/api/events/e-1');
    // Without a screen to paint, the page's stylesheet is linked, not written in.
    expect(section.body).toContain('<link rel="stylesheet" crossorigin href="/assets/table-hash.css">');
    expect(section.body).not.toContain('.t{margin:0}');
  });

  it('leaves the pages without a prerendered screen as built: the loading line, the scripts in the head', async () => {
    const response = await app.inject({ method: 'GET', url: '/members/organization/select' });
    expect(response.body).toBe(indexHtml);
  });
});
