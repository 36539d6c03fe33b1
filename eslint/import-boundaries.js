/**
 * Lint rule `doorstep/import-boundaries`: imports in app/ run one way, routes → features → components/lib → db.
 *
 * - A component or lib module never imports a feature or a route (lib never imports a component either).
 * - A feature never imports a route (app/routes/**, app/root.tsx, app/routes.ts, the entry modules).
 * - A feature imports another feature only through its entry files, `index.ts` (client-safe) and
 *   `index.server.ts` (server-only), and only a feature listed after it in `featureOrder`: the order is the one
 *   allowed direction, so features can never import each other in a circle.
 * - Routes are the top layer and may import any file of a feature (docs/architecture.md says why).
 *
 * Paths are compared as written (relative or `~/`), without touching the file system, so the rule also runs on
 * fixture text (tests/lint/boundaries.test.ts).
 */
import path from 'node:path';

const ENTRY_FILES = new Set(['index.ts', 'index.server.ts']);
const ROUTE_FILES = new Set(['app/root.tsx', 'app/routes.ts', 'app/entry.client.tsx', 'app/entry.server.tsx']);

/** Which layer a repository-relative posix path belongs to. */
export function layerOf(file) {
  if (ROUTE_FILES.has(file) || file.startsWith('app/routes/') || file.startsWith('app/+types/')) {
    return { layer: 'route' };
  }
  const feature = /^app\/features\/([^/]+)\/(.+)$/.exec(file);
  if (feature) return { layer: 'feature', feature: feature[1], rest: feature[2] };
  if (file.startsWith('app/components/')) return { layer: 'component' };
  if (file.startsWith('app/lib/')) return { layer: 'lib' };
  if (file.startsWith('app/styles/')) return { layer: 'styles' };
  if (file.startsWith('db/')) return { layer: 'db' };
  return { layer: 'other' };
}

function toPosix(file) {
  return file.split(path.sep).join('/');
}

/** The repository-relative target of an import specifier, or null for packages. */
function targetOf(importer, specifier) {
  const bare = specifier.split('?')[0];
  if (bare.startsWith('~/')) return path.posix.normalize(`app/${bare.slice(2)}`);
  if (bare.startsWith('./') || bare.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(importer), bare));
  }
  return null;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run routes → features → components/lib → db; features meet only at entries.' },
    schema: [
      {
        type: 'object',
        properties: { featureOrder: { type: 'array', items: { type: 'string' } } },
        required: ['featureOrder'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: '{{from}} must not import {{to}} ({{target}}): imports run routes → features → components/lib → db.',
      internal:
        "Feature '{{from}}' imports '{{target}}', a private file of feature '{{to}}': import from its index.ts or index.server.ts.",
      direction:
        "Feature '{{from}}' must not import feature '{{to}}': a feature may use only features listed after it in featureOrder (eslint.config.js, docs/architecture.md).",
      unlisted: "Feature '{{feature}}' is not in featureOrder (eslint.config.js): add it where its imports allow.",
    },
  },
  create(context) {
    const { featureOrder } = context.options[0];
    const rank = new Map(featureOrder.map((name, index) => [name, index]));
    const importer = toPosix(path.relative(context.cwd, context.filename));
    const from = layerOf(importer);
    if (from.layer === 'other' || from.layer === 'db' || from.layer === 'route') return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = targetOf(importer, specifier);
      if (target === null) return;
      const to = layerOf(target);
      const report = (messageId, data) => context.report({ node, messageId, data: { target: specifier, ...data } });
      const forbidden = {
        component: ['route', 'feature'],
        lib: ['route', 'feature', 'component'],
        styles: ['route', 'feature', 'component', 'lib'],
        feature: ['route'],
      }[from.layer];
      if (forbidden.includes(to.layer)) {
        const describe = (layer) => (layer.layer === 'feature' ? `feature '${layer.feature}'` : `a ${layer.layer}`);
        return report('upward', { from: describe(from), to: describe(to) });
      }
      if (from.layer !== 'feature' || to.layer !== 'feature' || to.feature === from.feature) return;
      if (!rank.has(from.feature)) return report('unlisted', { feature: from.feature });
      if (!rank.has(to.feature)) return report('unlisted', { feature: to.feature });
      if (rank.get(to.feature) <= rank.get(from.feature)) {
        return report('direction', { from: from.feature, to: to.feature });
      }
      if (!ENTRY_FILES.has(to.rest)) return report('internal', { from: from.feature, to: to.feature });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
