import path from 'node:path';

/**
 * A file inside `<root>/features/<name>/` may not import from another feature's folder: what two
 * features share moves down to the platform, lib/ui or packages/domain (STYLE.md).
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { roots: { type: 'array', items: { type: 'string' } } } }],
    messages: {
      crossFeature:
        "The '{{from}}' feature imports the '{{to}}' feature's internals: move what is shared to the platform, lib/ui or packages/domain.",
    },
  },
  create(context) {
    const roots = (context.options[0]?.roots ?? []).map((root) => path.resolve(context.cwd, root, 'features'));
    const featureOf = (file) => {
      for (const root of roots) {
        const relative = path.relative(root, file);
        if (!relative.startsWith('..') && !path.isAbsolute(relative)) return { root, name: relative.split(path.sep)[0] };
      }
      return null;
    };
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), specifier));
      if (target && target.root === from.root && target.name !== from.name) {
        context.report({ node: node.source, messageId: 'crossFeature', data: { from: from.name, to: target.name } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
