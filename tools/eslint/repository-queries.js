import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isTypeNamed } from './transaction-queries.js';

/**
 * A feature with a repository keeps its SQL there (docs/decisions/0084-transactions-and-sql.md): in
 * `<root>/features/<area>/`, once the folder holds `repository.ts` or a `*-repository.ts`, its other
 * files (tests aside) neither run a query nor build one. Running one is calling a query method of
 * drizzle's database or transaction (a value typed `Database`, `Transaction` or `Executor`), or reading
 * its relational `.query`. Building one is importing a value from `drizzle-orm` (`sql`, `eq`, …) or
 * from the schema (`db/schema/`); a type-only import (a row's type) is neither. Queries of `core/`
 * and `platform/` helpers are their owners' and stay allowed, and so do `db/prepared.ts`'s statements.
 */

const databaseNames = new Set(['PgDatabase', 'PgTransaction']);
const queryMethods = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'with',
  '$with',
  '$count',
  'refreshMaterializedView',
]);

export const isRepositoryModule = (file) => /(^|-)repository\.ts$/.test(path.basename(file));
const isTest = (file) => /\.test\.tsx?$/.test(file);

const builds = (specifier) =>
  specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/') || /(^|\/)db\/schema\//.test(specifier);

export const repositoryQueries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      query:
        "The '{{area}}' feature has a repository: move this query ('{{name}}.{{method}}') into it and call that function from here.",
      builder:
        "The '{{area}}' feature has a repository: build SQL there, not here ('{{specifier}}' is imported as a value).",
    },
  },
  create(context) {
    const features = path.resolve(context.cwd, context.options[0]?.root ?? 'apps/server/src', 'features');
    const relative = path.relative(features, context.filename);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const [area, ...rest] = relative.split(path.sep);
    if (rest.length === 0 || isRepositoryModule(context.filename) || isTest(context.filename)) return {};
    const folder = path.join(features, area);
    const hasRepository = readdirSync(folder, { recursive: true }).some(
      (entry) => typeof entry === 'string' && isRepositoryModule(entry),
    );
    if (!hasRepository) return {};

    const services = context.sourceCode.parserServices;
    const checker = services?.program?.getTypeChecker();
    const isDatabase = (node) =>
      checker !== undefined &&
      isTypeNamed(checker, checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node)), databaseNames);
    const nameOf = (node) => context.sourceCode.getText(node);

    return {
      ImportDeclaration(node) {
        const specifier = node.source.value;
        if (typeof specifier !== 'string' || !builds(specifier) || node.importKind === 'type') return;
        const values = node.specifiers.filter((s) => s.type !== 'ImportSpecifier' || s.importKind !== 'type');
        if (values.length > 0 || node.specifiers.length === 0)
          context.report({ node: node.source, messageId: 'builder', data: { area, specifier } });
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        const method = node.property.name;
        const called = node.parent.type === 'CallExpression' && node.parent.callee === node;
        if (!(called ? queryMethods.has(method) : method === 'query')) return;
        if (isDatabase(node.object))
          context.report({ node, messageId: 'query', data: { area, name: nameOf(node.object), method } });
      },
    };
  },
};
