/**
 * A transaction is one connection: node-postgres runs its queries one at a time and warns ("client.query()
 * when the client is already executing a query"; its next major refuses) when `Promise.all` hands it
 * several at once. So queries on a `Transaction`, or on an `Executor` that may be one, are awaited one
 * after another; `Promise.all` runs only over the pool (`Database`). A transaction passed where a
 * `Database` is expected would hide it from the first check, so that is reported too
 * (docs/decisions/0084-transactions-and-sql.md).
 */

const transactionNames = new Set(['PgTransaction']);

/** Whether `type`, a part of it (union, intersection) or a class it extends is named one of `names`. */
export function isTypeNamed(checker, type, names, seen = new Set()) {
  if (seen.has(type)) return false;
  seen.add(type);
  if (type.isUnion() || type.isIntersection())
    return type.types.some((part) => isTypeNamed(checker, part, names, seen));
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (symbol && names.has(symbol.getName())) return true;
  const target = type.target ?? type;
  if (target.isClassOrInterface?.())
    return (checker.getBaseTypes(target) ?? []).some((base) => isTypeNamed(checker, base, names, seen));
  return false;
}

const isTransactionType = (checker, type) => isTypeNamed(checker, type, transactionNames);

function isDatabaseOnly(checker, type) {
  if (isTransactionType(checker, type)) return false;
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => part.getSymbol()?.getName() === 'PgDatabase');
}

function isPromiseCombinator(callee) {
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'Promise' &&
    callee.property.type === 'Identifier' &&
    (callee.property.name === 'all' || callee.property.name === 'allSettled')
  );
}

export const transactionQueries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      concurrent:
        "'{{name}}' may be a transaction, one connection that runs one query at a time: await its queries one after another instead of Promise.{{combinator}}.",
      widened:
        "A transaction passed as a 'Database' parameter: type the parameter 'Executor' so the function's queries are awaited one after another.",
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
    const keys = context.sourceCode.visitorKeys;

    /** The first identifier inside `node` typed as a transaction and declared outside it. */
    function findTransaction(node, outer) {
      if (node.type === 'Identifier') {
        if (!isTransactionType(checker, typeOf(node))) return null;
        const declarations = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(node))?.declarations ?? [];
        const inside = declarations.some(
          (declaration) =>
            declaration.getSourceFile().fileName === context.filename &&
            declaration.getStart() >= outer.range[0] &&
            declaration.getEnd() <= outer.range[1],
        );
        return inside ? null : node;
      }
      for (const key of keys[node.type] ?? []) {
        if (
          (node.type === 'MemberExpression' && key === 'property' && !node.computed) ||
          (node.type === 'Property' && key === 'key' && !node.computed)
        )
          continue;
        const children = Array.isArray(node[key]) ? node[key] : [node[key]];
        for (const child of children) {
          if (child && typeof child.type === 'string') {
            const found = findTransaction(child, outer);
            if (found) return found;
          }
        }
      }
      return null;
    }

    return {
      CallExpression(node) {
        if (isPromiseCombinator(node.callee)) {
          const [argument] = node.arguments;
          const found = argument && findTransaction(argument, argument);
          if (found)
            context.report({
              node: found,
              messageId: 'concurrent',
              data: { name: found.name, combinator: node.callee.property.name },
            });
          return;
        }
        const call = services.esTreeNodeToTSNodeMap.get(node);
        node.arguments.forEach((argument, index) => {
          if (argument.type === 'SpreadElement' || !isTransactionType(checker, typeOf(argument))) return;
          const signature = checker.getResolvedSignature(call);
          const parameter = signature?.getParameters()[index];
          if (parameter && isDatabaseOnly(checker, checker.getTypeOfSymbolAtLocation(parameter, call))) {
            context.report({ node: argument, messageId: 'widened' });
          }
        });
      },
    };
  },
};
