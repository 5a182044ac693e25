import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { createServer, defineConfig, parseSync, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import type * as Preloads from './src/app/preloads.ts';
import type * as Prerender from './src/app/prerender.tsx';

/**
 * Names a lazily loaded chunk after the feature and page it serves ("auth-login", "admin-users"),
 * so the build output and bench/size.mjs read in the product's words.
 */
function chunkName(facadeModuleId: string | null, fallback: string): string {
  if (!facadeModuleId) return fallback;
  const relative = facadeModuleId.split(path.sep).join('/');
  const feature = /\/src\/features\/([^/]+)\/(?:pages\/)?([^/]+)\.tsx?$/.exec(relative);
  if (feature) {
    const [, area = fallback, file = ''] = feature;
    const page = file.replace(/-page$/, '');
    if (area === page || area.endsWith(`-${page}`)) return area;
    return page.startsWith(`${area}-`) ? page : `${area}-${page}`;
  }
  const app = /\/src\/app\/([^/]+)\.tsx?$/.exec(relative);
  if (app?.[1]) return app[1];
  return fallback;
}

// In development the API server listens on PORT (3000 unless set; `npm run dev` passes it to both).
const api = { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? '3000'}`, changeOrigin: false } };

/**
 * Brotli and gzip files next to each text asset, made once at build time at the highest levels
 * (too slow to do per request): the server sends them as they are (@fastify/static preCompressed).
 * The manifest under .vite/ is the bench's and not served, so it is left alone.
 */
const precompress = compression({
  include: /\.(js|css|html|svg|json)$/,
  exclude: /\.vite\//,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

/**
 * After the build, writes what the server puts into the HTML of its most visited pages, under .vite/
 * (not served): the screens of src/app/prerender.tsx rendered to HTML (prerendered.json), which the
 * server places in the page's #root so the first paint needs no script; and the pages whose routes
 * declare a preload, with their modules and API reads (preloads.json, src/app/preloads.ts), so a
 * renamed page takes its preload along. Both are loaded through Vite's SSR module loader, from the
 * same sources as the bundle.
 */
function prerender(): Plugin {
  let outDir = '';
  return {
    name: 'portal-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { prerenderScreens, screensForAnyQuery } = (await server.ssrLoadModule(
          '/src/app/prerender.tsx',
        )) as typeof Prerender;
        await writeFile(
          path.join(outDir, '.vite', 'prerendered.json'),
          JSON.stringify({ screens: await prerenderScreens(), screensForAnyQuery }),
        );
        const { preloadManifest } = (await server.ssrLoadModule('/src/app/preloads.ts')) as typeof Preloads;
        await writeFile(path.join(outDir, '.vite', 'preloads.json'), JSON.stringify(preloadManifest()));
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The zod rule below (`manualPureFunctions: ['z']`) marks every call of a function named `z` as free
 * of side effects, and the attendance scanner's QR reader (barcode-detector's bundled ZXing glue) has
 * a function of that name that registers the WebAssembly's types: dropped, the reader fails with
 * "unbound types". This renames it in that one file, and fails the build if the file changes shape
 * (no supported option does it in Rolldown 1.2: docs/decisions/0152-zxing-rename-and-pg-patches-stay.md).
 */
function keepZxingTypeRegistrations(): Plugin {
  const file = /barcode-detector[\\/]dist[\\/]es[\\/]zxing-exported\.js$/;
  return {
    name: 'portal-keep-zxing-type-registrations',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const definition = /([,{;]\s*)z = \(e, t, n\) => \{/;
      if (!definition.test(code)) throw new Error(`${id}: the ZXing glue's z() was not found; check the rename`);
      return {
        code: code
          .replace(definition, '$1zxingWhenTypesResolved = (e, t, n) => {')
          .replace(/(?<![\w$.'"])z\(/g, 'zxingWhenTypesResolved('),
        map: null,
      };
    },
  };
}

/**
 * packages/domain is pure (no module of it does anything when loaded), but the bundler cannot tell that a schema built
 * by a chain of calls (`z.array(id).max(1000)`, `pageQuery.extend({...})`, `paginated(row)`) has no side effect:
 * `manualPureFunctions` below covers only the calls of `z` themselves, not what is called on their results. Each
 * top-level `const` whose value is a call is wrapped here in a pure-annotated arrow, so a schema the web app never
 * reads (the server's request schemas and list replies) is dropped with everything only it used, and with them, on a
 * page that reads no schema, the zod chunk (docs/decisions/0172-route-chunks-and-schemas.md).
 */
function domainSchemasPure(): Plugin {
  const domainSource = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
  const calls = new Set(['CallExpression', 'ChainExpression', 'TaggedTemplateExpression']);
  return {
    name: 'portal-domain-schemas-pure',
    apply: 'build',
    transform(code, id) {
      if (!domainSource.test(id)) return null;
      const spans: { start: number; end: number }[] = [];
      for (const statement of parseSync(id, code, { lang: 'ts' }).program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) if (init && calls.has(init.type)) spans.push(init);
      }
      let wrapped = code;
      for (const { start, end } of spans.reverse()) {
        wrapped = `${wrapped.slice(0, start)}/* @__PURE__ */ (() => (${wrapped.slice(start, end)}))()${wrapped.slice(end)}`;
      }
      return { code: wrapped, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), domainSchemasPure(), precompress, prerender(), keepZxingTypeRegistrations()],
  server: { port: 5173, proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // zod's builders only build a schema: one the web app never reads (most of packages/domain's are
      // the server's request schemas) is dropped from the bundle instead of being built at start-up.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Libraries in chunks of their own, named after them: cached across deploys of our code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
            // Only what the first screen needs; the rest of Mantine follows the routes that use it.
            { name: 'mantine', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            // The app's own modules that the first screen shares with lazy pages (the API client, role
            // names, a message): one chunk rather than several of a few hundred bytes, the smallest too
            // small to compress, each a request of its own.
            { name: 'app-shared', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 5 },
          ],
        },
        chunkFileNames: (chunk) => `assets/${chunkName(chunk.facadeModuleId, chunk.name)}-[hash].js`,
      },
    },
  },
});
