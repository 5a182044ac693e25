import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * PGlite's 9 MB of WebAssembly, compiled on V8's background threads: started first thing, it compiles while the
 * server's modules load on the main thread, instead of after them (docs/decisions/0144-start-in-a-second.md).
 */
export async function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const file = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  return WebAssembly.compile(await readFile(file));
}
