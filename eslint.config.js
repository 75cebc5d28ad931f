// Lint for the server code. The one house rule that matters most: a module is reached only
// through its index (`#app/<module>`), never by a deep path or a relative climb into its folder.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'frontend/**', 'var/**', 'bench/**', 'scripts/**', 'coverage/**', '*.config.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'test/**/*.ts'],
    plugins: { fanmint: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'fanmint/module-boundaries': 'error',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
