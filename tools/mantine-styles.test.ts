import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * apps/web/src/styles.ts imports Mantine's CSS per component (docs/decisions/0094-mantine-css-per-component.md).
 * These checks derive what it must import from the code itself, so a component used without its
 * stylesheet (Tabs as one line of text, a Card without padding) fails here rather than on screen.
 */
const repo = path.resolve(import.meta.dirname, '..');
const mantine = path.join(repo, 'node_modules/@mantine');
const stylesFile = path.join(repo, 'apps/web/src/styles.ts');

/** Mantine's global styles, which no component imports: they come first. */
const globalSheets = ['baseline', 'default-css-variables', 'global'].map((name) => `@mantine/core/styles/${name}.css`);

/** `import { a, b as c } from "x"` and `export { a } from "x"` in Mantine's built modules: the names, by specifier. */
function importsOf(file: string): { specifier: string; names: string[] }[] {
  const source = readFileSync(file, 'utf8');
  const found = [];
  for (const match of source.matchAll(
    /(?:import|export)\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?\s*(?:from\s*)?"([^"]+)"/g,
  )) {
    const names = (match[2] ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0] ?? '')
      .filter(Boolean);
    found.push({ specifier: match[3] ?? '', names });
  }
  return found;
}

/** Where each name a Mantine package exports is defined (from its esm/index.mjs). */
const exportsByPackage = new Map<string, Map<string, string>>();
function definitionOf(packageName: string, name: string): string | undefined {
  let exported = exportsByPackage.get(packageName);
  if (!exported) {
    exported = new Map();
    const index = path.join(mantine, packageName, 'esm/index.mjs');
    for (const { specifier, names } of importsOf(index)) {
      if (!specifier.startsWith('.')) continue;
      for (const each of names) exported.set(each, path.resolve(path.dirname(index), specifier));
    }
    exportsByPackage.set(packageName, exported);
  }
  return exported.get(name);
}

/**
 * The stylesheet holding a Mantine CSS module's rules: `@mantine/core/styles/<Name>.css` for the
 * core's `<Name>.module.mjs`, the package's one `styles.css` for another package's.
 */
function sheetOf(module: string): string | undefined {
  const [, packageName, name] = /@mantine\/([\w-]+)\/esm\/.*?([\w-]+)\.module\.mjs$/.exec(module) ?? [];
  if (!packageName || !name) return undefined;
  return packageName === 'core' ? `@mantine/core/styles/${name}.css` : `@mantine/${packageName}/styles.css`;
}

/**
 * The stylesheets the given module needs: its own and those of every Mantine module it imports,
 * through other Mantine packages too.
 */
const reachedFrom = new Map<string, Set<string>>();
function sheetsReached(file: string): Set<string> {
  const known = reachedFrom.get(file);
  if (known) return known;
  const seen = new Set<string>();
  const sheets = new Set<string>();
  reachedFrom.set(file, sheets);
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const own = sheetOf(module);
    if (own) sheets.add(own);
    for (const { specifier, names } of importsOf(module)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(module), specifier));
      const bare = /^@mantine\/([\w-]+)$/.exec(specifier);
      if (!bare?.[1]) continue;
      for (const name of names) {
        const definition = definitionOf(bare[1], name);
        if (definition) visit(definition);
      }
    }
  };
  visit(file);
  return sheets;
}

function webSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : webSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The values (not types) the web app imports from each Mantine package. */
function mantineImports(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const file of webSources(path.join(repo, 'apps/web/src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const packageName = /^@mantine\/([\w-]+)$/.exec(statement.moduleSpecifier.text)?.[1];
      const bindings = statement.importClause?.namedBindings;
      if (!packageName || statement.importClause?.isTypeOnly || !bindings || !ts.isNamedImports(bindings)) continue;
      const names = used.get(packageName) ?? new Set();
      for (const element of bindings.elements)
        if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      used.set(packageName, names);
    }
  }
  return used;
}

const coreModules = path.join(mantine, 'core/esm');
const styleModules = readdirSync(coreModules, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.module.mjs'))
  .map((file) => path.join(coreModules, file));
/** The core component beside the CSS module whose rules a stylesheet holds (`<Name>.mjs` by `<Name>.module.mjs`). */
function componentBuiltWith(sheet: string): string | undefined {
  return styleModules.find((file) => sheetOf(file) === sheet)?.replace(/\.module\.mjs$/, '.mjs');
}

const used = mantineImports();
const needed = new Set<string>();
const sheetsOf = new Map<string, Set<string>>();
for (const [packageName, names] of used) {
  for (const name of names) {
    const definition = definitionOf(packageName, name);
    if (!definition) continue;
    const sheets = sheetsReached(definition);
    sheetsOf.set(`${packageName}: ${name}`, sheets);
    for (const sheet of sheets) needed.add(sheet);
  }
}

/** The stylesheets styles.ts imports, in order. */
const imported = [...readFileSync(stylesFile, 'utf8').matchAll(/^import '(@mantine\/[^']+\.css)';$/gm)].map(
  (match) => match[1] ?? '',
);

describe("Mantine's stylesheets (apps/web/src/styles.ts)", () => {
  it('finds the Mantine components the app uses and what they are built on', () => {
    expect(used.get('core')).toContain('Button');
    expect([...(sheetsOf.get('core: PasswordInput') ?? [])]).toEqual(
      expect.arrayContaining(['@mantine/core/styles/Input.css', '@mantine/core/styles/PasswordInput.css']),
    );
  });

  it('imports the stylesheet of every Mantine component the app uses and of the components they are built on', () => {
    const missing = [...needed]
      .filter((sheet) => !imported.includes(sheet))
      .map((sheet) => {
        const users = [...sheetsOf].filter(([, sheets]) => sheets.has(sheet)).map(([name]) => name);
        return `${sheet} (for ${users.slice(0, 3).join(', ')})`;
      });
    expect(missing, 'import these in apps/web/src/styles.ts').toEqual([]);
  });

  it('imports no stylesheet of a component the app does not use (each one loads before the first page)', () => {
    const unused = imported.filter((sheet) => !globalSheets.includes(sheet) && !needed.has(sheet));
    expect(unused).toEqual([]);
  });

  it("imports Mantine's global styles first and a component's stylesheet after those of the components it is built on", () => {
    expect(imported.slice(0, globalSheets.length)).toEqual(globalSheets);
    const misplaced = [];
    for (const sheet of imported.slice(globalSheets.length)) {
      const component = componentBuiltWith(sheet);
      if (!component) continue;
      for (const other of sheetsReached(component)) {
        const builtOn = componentBuiltWith(other);
        // Two components built on each other (a cycle) have no order to keep.
        const mutual = builtOn !== undefined && sheetsReached(builtOn).has(sheet);
        if (other !== sheet && imported.indexOf(other) > imported.indexOf(sheet) && !mutual)
          misplaced.push(`${other} must come before ${sheet}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
