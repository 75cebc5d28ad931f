// Lint for the server and the web app. The one house rule that matters most: a module (a server lib, a
// web feature) is reached only through its index, never by a deep path or a relative climb into its folder.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { readFileSync, readdirSync } from 'node:fs';

const root = dirname(fileURLToPath(import.meta.url));
const libOf = (path) => relative(root, path).match(/^libs\/([^/]+)\//)?.[1];

const moduleBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deep: "Import '{{module}}' through its index: '#app/{{module}}'.",
      climb: "'{{source}}' reaches into libs/{{module}}; import it as '#app/{{module}}'.",
    },
  },
  create(context) {
    const ownLib = libOf(context.filename);
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      if (source.startsWith('#app/')) {
        const [, module, ...rest] = source.split('/');
        if (rest.length > 0) context.report({ node, messageId: 'deep', data: { module } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = libOf(resolve(dirname(context.filename), source));
      if (target && target !== ownLib) context.report({ node, messageId: 'climb', data: { source, module: target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

// The web app: frontend/src/features/<name> is reached through `@/features/<name>` (its index.ts). The app
// folder and the entry files are the composition root: they may lazy-load a feature's page by its path.
const web = resolve(root, 'frontend/src');
const featureOf = (path) => relative(web, path).match(/^features\/([^/]+)/)?.[1];
const isTest = (path) => /\.test\.tsx?$|\/test\//.test(path);
const isRoot = (path) => /^(app\/|main\.tsx$|entry-server\.tsx$)/.test(relative(web, path));
const specTarget = (file, source) =>
  source.startsWith('@/')
    ? resolve(web, source.slice(2))
    : source.startsWith('.')
      ? resolve(dirname(file), source)
      : undefined;

// Which features each feature's runtime code imports (tests left out), read from disk once per run.
let featureGraph;
function readFeatureGraph() {
  const graph = new Map();
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(resolve(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [resolve(dir, entry.name)]
          : [],
    );
  for (const file of walk(resolve(web, 'features'))) {
    if (isTest(file)) continue;
    const own = featureOf(file);
    const edges = graph.get(own) ?? new Set();
    graph.set(own, edges);
    for (const [, source] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = specTarget(file, source);
      const feature = target && featureOf(target);
      if (feature && feature !== own) edges.add(feature);
    }
  }
  return graph;
}

/** The features on a path from `from` to `to` in the graph, or undefined when there is none. */
function pathBetween(graph, from, to, seen = new Set([from])) {
  for (const next of graph.get(from) ?? []) {
    if (next === to) return [from, to];
    if (seen.has(next)) continue;
    seen.add(next);
    const rest = pathBetween(graph, next, to, seen);
    if (rest) return [from, ...rest];
  }
  return undefined;
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deep: "Import feature '{{feature}}' through its index: '@/features/{{feature}}'.",
      cycle:
        "'@/features/{{feature}}' closes a cycle between features: {{path}}. Move what both need to a feature of its own or to '@/shared'.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (isRoot(file)) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const target = specTarget(file, source);
      const feature = target && featureOf(target);
      if (!feature || feature === own) return;
      if (source !== `@/features/${feature}`) {
        context.report({ node, messageId: 'deep', data: { feature } });
        return;
      }
      if (!own || isTest(file)) return;
      featureGraph ??= readFeatureGraph();
      const back = pathBetween(featureGraph, feature, own);
      if (back) context.report({ node, messageId: 'cycle', data: { feature, path: [own, ...back].join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
// Server layers. Edges point down: test/ -> apps -> libs/composition (and libs/testing) -> the modules ->
// libs/platform. A lib never imports an app, an app never imports another app, neither imports test/,
// and no two libs reach each other, directly or through others (read from their runtime files' `#app/` imports).
const layerOf = (path) => {
  const [top, name] = relative(root, path).split('/');
  return top === 'apps' || top === 'libs' || top === 'test' ? { top, name } : undefined;
};
const isSpec = (path) => /\.(spec|e2e)\.ts$/.test(path);
/** Libs only some places may import: the composition root, another company's service, the demo data, the test support. */
const onlyFrom = {
  composition: {
    may: (file) => /^(apps|test)$/.test(file.top) || file.name === 'testing',
    why: 'the composition root: only apps, libs/testing and test/ boot from it',
  },
  'sandbox-acquirer': {
    may: (file) => file.top === 'test' || file.name === 'testing' || (file.top === 'apps' && file.name === 'acquirer'),
    why: "another company's service: only apps/acquirer, libs/testing and test/ start it",
  },
  demo: {
    may: (file) => file.top === 'test' || (file.top === 'apps' && file.name === 'api'),
    why: "the demo data: only apps/api's seed commands and test/ seed it",
  },
  testing: {
    may: (file, path) => file.top === 'test' || file.name === 'testing' || isSpec(path),
    why: 'test support: only tests use it',
  },
};
const serverTarget = (file, source) => {
  if (source.startsWith('#app/')) return resolve(root, 'libs', source.split('/')[1], 'src/index.ts');
  if (source === '#tracing') return resolve(root, 'libs/platform/src/index.ts');
  return source.startsWith('.') ? resolve(dirname(file), source) : undefined;
};

// Which libs each lib's runtime code imports (specs left out), read from disk once per run.
let libGraph;
function readLibGraph() {
  const graph = new Map();
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(resolve(dir, entry.name)) : /\.ts$/.test(entry.name) ? [resolve(dir, entry.name)] : [],
    );
  for (const file of walk(resolve(root, 'libs'))) {
    if (isSpec(file)) continue;
    const own = libOf(file);
    const edges = graph.get(own) ?? new Set();
    graph.set(own, edges);
    for (const [, source] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = serverTarget(file, source);
      const lib = target && libOf(target);
      if (lib && lib !== own) edges.add(lib);
    }
  }
  return graph;
}

const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      libToApp:
        "'{{source}}' points up: libs/{{lib}} imports apps/{{app}}. Move what both need into a lib (the composition root is libs/composition).",
      appToApp:
        "'{{source}}' crosses apps: apps/{{own}} imports apps/{{app}}. Each app is an entry point; move what both need into a lib.",
      toTest: "'{{source}}' points up into test/: libs and apps never import the test suites.",
      restricted: "'#app/{{lib}}' is {{why}}.",
      cycle: "'#app/{{lib}}' closes a cycle between libs: {{path}}. Move what both need into a lib below both.",
    },
  },
  create(context) {
    const path = context.filename;
    const file = layerOf(path);
    if (!file) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const targetPath = serverTarget(path, source);
      const target = targetPath && layerOf(targetPath);
      if (!target) return;
      if (file.top !== 'test' && target.top === 'test')
        return context.report({ node, messageId: 'toTest', data: { source } });
      if (target.top === 'apps' && file.top === 'libs') {
        return context.report({ node, messageId: 'libToApp', data: { source, lib: file.name, app: target.name } });
      }
      if (target.top === 'apps' && file.top === 'apps' && target.name !== file.name) {
        return context.report({ node, messageId: 'appToApp', data: { source, own: file.name, app: target.name } });
      }
      if (target.top !== 'libs' || target.name === file.name) return;
      const rule = onlyFrom[target.name];
      if (rule && !rule.may(file, path))
        return context.report({ node, messageId: 'restricted', data: { lib: target.name, why: rule.why } });
      if (file.top !== 'libs' || isSpec(path)) return;
      libGraph ??= readLibGraph();
      const back = pathBetween(libGraph, target.name, file.name);
      if (back)
        context.report({
          node,
          messageId: 'cycle',
          data: { lib: target.name, path: [file.name, ...back].join(' -> ') },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
const fanmint = { rules: { 'module-boundaries': moduleBoundaries, 'feature-boundaries': featureBoundaries, layers } };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'frontend/dist/**',
      'frontend/build/**',
      'frontend/src/lib/api/schema.ts',
      'var/**',
      'bench/**',
      'scripts/**',
      'coverage/**',
      '*.config.js',
      'frontend/*.config.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'test/**/*.ts'],
    plugins: { fanmint },
    rules: {
      'fanmint/module-boundaries': 'error',
      'fanmint/layers': 'error',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Links to files are signed by the entitlement service alone (libs/entitlements/src/signer-boundary.spec.ts checks the rest).
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: [
      'libs/entitlements/**',
      'libs/platform/**',
      'libs/commerce/src/http/age-check-cookie.ts',
      'libs/messaging/src/commands/unsubscribe-digest/digest-links.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '#app/platform',
              importNames: ['SignedTokens'],
              message:
                'File links are minted by EntitlementService (#app/entitlements); SignedTokens outside it only for the listed non-file tokens.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { fanmint },
    rules: {
      'fanmint/feature-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Shared pieces sit below the features and the app: they never import either.
    files: ['frontend/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/*', '**/features/*'],
              message: 'frontend/src/shared is below the features: move the piece here or keep it in its feature.',
            },
            { group: ['@/app', '@/app/*', '**/app/*'], message: 'frontend/src/shared never imports the app.' },
          ],
        },
      ],
    },
  },
);
