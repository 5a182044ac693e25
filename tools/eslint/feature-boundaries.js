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
        "The '{{from}}' feature imports the '{{to}}' feature's internals: move what is shared to core/ (server), lib/ui (web) or packages/domain.",
    },
  },
  create(context) {
    const roots = (context.options[0]?.roots ?? []).map((root) => path.resolve(context.cwd, root, 'features'));
    const featureOf = (file) => {
      for (const root of roots) {
        const relative = path.relative(root, file);
        if (!relative.startsWith('..') && !path.isAbsolute(relative))
          return { root, name: relative.split(path.sep)[0] };
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
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The server's layers (DESIGN.md 'Layout'): `platform/` is infrastructure and imports neither
 * `core/` nor a feature; `core/` holds business services several features share and imports no
 * feature. A feature may import both.
 */
export const serverLayers = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } } }],
    messages: {
      upward: "'{{from}}/' may not import '{{to}}/': {{why}}",
    },
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0]?.root ?? 'apps/server/src');
    const layerOf = (file) => {
      const relative = path.relative(root, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const top = relative.split(path.sep)[0];
      return ['platform', 'core', 'features'].includes(top) ? top : null;
    };
    const forbidden = {
      platform: {
        core: 'platform/ is infrastructure and knows no business service',
        features: 'platform/ knows no feature',
      },
      core: { features: 'core/ is shared by features and imports none of them' },
    };
    const from = layerOf(context.filename);
    if (!from || !forbidden[from]) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), specifier));
      const why = to && forbidden[from][to];
      if (why) context.report({ node: node.source, messageId: 'upward', data: { from, to, why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries, 'server-layers': serverLayers } };
