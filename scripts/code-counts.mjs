// `node scripts/code-counts.mjs [--json]`: the structural figures issue 34 tracks, read from the source.
//
//   sql        SQL statements (string or template literals that start with SELECT, INSERT, UPDATE,
//              DELETE or WITH) in server code, split into those inside repositories, read models and
//              migrations (where they belong) and those outside; writes counted apart.
//   fragments  exported constants holding SQL with positional parameters ($1, $2, …).
//   writers    for each money table, the files whose statements write it (migrations apart).
//   specs      handler and aggregate specs (files next to a handler or in domain/).
//   edges      imports that point up: libs -> apps, one app -> another, libs or apps -> test/.
//   cycles     groups of libs that reach each other through their runtime imports (specs left out).
//   long       lines over 160 characters in .ts/.tsx (tests included).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { rootDir } from './lib/util.mjs';

const MONEY_TABLES = [
  'purchases',
  'subscriptions',
  'payouts',
  'payout_lines',
  'conversations',
  'messages',
  'message_unlocks',
];

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

const isTestFile = (rel) =>
  /\.(spec|e2e|test)\.tsx?$/.test(rel) || rel.startsWith('test/') || rel.includes('/testing/');
const isHome = (rel) =>
  /\.repository\.ts$|\/repositories\/|\.read-model\.ts$|\/read-models?\/|\/database\/migrations\/|\.queries\.ts$|\/sql\//.test(
    rel,
  );

const sentence = /^\s*[A-Z][a-z]+\s+[a-z]/;
const sqlStart = /^\s*(select|insert\s+into|update\s+\w|delete\s+from|with\s+\w+\s+as)\b/i;
const writeStart =
  /^\s*(insert\s+into|update\s+\w|delete\s+from)\b|\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

function literalsOf(source) {
  const found = [];
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push({ node, text: node.text });
    else if (ts.isTemplateExpression(node)) {
      found.push({ node, text: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ') });
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function exportedSqlFragments(source) {
  let count = 0;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      const init = decl.initializer;
      if (!init) continue;
      const text = init.getText(source);
      if (/\$\d/.test(text) && /\b(select|where|and|or|join|exists|from)\b/i.test(text)) count++;
    }
  }
  return count;
}

export function countCode() {
  const files = ['apps', 'libs', 'test', 'frontend/src'].flatMap((dir) => walk(join(rootDir, dir)));
  const result = {
    sql: { inHome: 0, outside: 0, writesOutside: 0, outsideFiles: {} },
    fragments: 0,
    writers: Object.fromEntries(MONEY_TABLES.map((t) => [t, new Set()])),
    testSqlWrites: 0,
    testWriteFiles: {},
    specs: { handler: 0, aggregate: 0, spec: 0, e2e: 0 },
    edges: [],
    libGraph: new Map(),
    long: 0,
  };
  for (const path of files) {
    const rel = relative(rootDir, path);
    const text = readFileSync(path, 'utf8');
    for (const line of text.split('\n')) if (line.length > 160) result.long++;
    if (/\.spec\.tsx?$/.test(rel)) {
      result.specs.spec++;
      if (/handler|\/commands\/|\/queries\//.test(rel)) result.specs.handler++;
      if (/\/domain\//.test(rel)) result.specs.aggregate++;
    }
    if (/\.e2e\.ts$/.test(rel)) result.specs.e2e++;

    const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const spec of imports) {
      const target = spec.startsWith('.') ? relative(rootDir, join(path, '..', spec)) : spec;
      const [from, fromName] = rel.split('/');
      const [to, toName] = target.split('/');
      const up =
        (from === 'libs' && to === 'apps') ||
        (from === 'apps' && to === 'apps' && fromName !== toName) ||
        (from !== 'test' && to === 'test');
      if (up && ['libs', 'apps'].includes(from)) result.edges.push(`${rel} -> ${target}`);
      const lib = spec.startsWith('#app/') ? spec.split('/')[1] : to === 'libs' ? toName : undefined;
      if (from === 'libs' && lib && lib !== fromName && !/\.(spec|e2e)\.ts$/.test(rel)) {
        if (!result.libGraph.has(fromName)) result.libGraph.set(fromName, new Set());
        result.libGraph.get(fromName).add(lib);
      }
    }

    if (!/\.tsx?$/.test(rel) || rel.startsWith('frontend/')) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const test = isTestFile(rel);
    if (!test && rel.startsWith('libs/')) result.fragments += exportedSqlFragments(source);
    for (const { text: literal } of literalsOf(source)) {
      if (!sqlStart.test(literal) && !(writeStart.test(literal) && /\b(set|values|from)\b/i.test(literal))) continue;
      // A sentence (first word capitalised, as messages are written: "Select a country from the list") is not a statement.
      if (sentence.test(literal)) continue;
      const write = writeStart.test(literal);
      if (test) {
        if (write) {
          result.testSqlWrites++;
          result.testWriteFiles[rel] = (result.testWriteFiles[rel] ?? 0) + 1;
        }
        continue;
      }
      if (!rel.startsWith('libs/') && !rel.startsWith('apps/')) continue;
      if (isHome(rel)) result.sql.inHome++;
      else {
        result.sql.outside++;
        if (write) result.sql.writesOutside++;
        result.sql.outsideFiles[rel] = (result.sql.outsideFiles[rel] ?? 0) + 1;
      }
      // Migrations are the schema's history (a backfill), not a writer the running code has.
      if (write && !/\/database\/migrations\//.test(rel)) {
        for (const table of MONEY_TABLES) {
          const re = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(\\w+\\.)?"?${table}"?\\b`, 'i');
          if (re.test(literal)) result.writers[table].add(rel);
        }
      }
    }
  }
  result.cycles = cyclicGroups(result.libGraph);
  delete result.libGraph;
  return result;
}

/** The strongly connected groups of more than one lib (Tarjan), each sorted. */
function cyclicGroups(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (lib) => {
    index.set(lib, next);
    low.set(lib, next++);
    stack.push(lib);
    for (const to of graph.get(lib) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(lib, Math.min(low.get(lib), low.get(to)));
      } else if (stack.includes(to)) low.set(lib, Math.min(low.get(lib), index.get(to)));
    }
    if (low.get(lib) !== index.get(lib)) return;
    const group = stack.splice(stack.indexOf(lib));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const lib of graph.keys()) if (!index.has(lib)) visit(lib);
  return groups;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = countCode();
  const writers = Object.fromEntries(Object.entries(r.writers).map(([t, s]) => [t, [...s].sort()]));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...r, writers }, null, 2));
  } else {
    console.log(`SQL statements in repositories, read models, migrations: ${r.sql.inHome}`);
    console.log(`SQL statements elsewhere in server code: ${r.sql.outside} (writes: ${r.sql.writesOutside})`);
    console.log(`exported SQL fragments with positional parameters: ${r.fragments}`);
    console.log(`SQL writes in tests: ${r.testSqlWrites}`);
    for (const [table, files] of Object.entries(writers))
      console.log(`writers of ${table}: ${files.length}${files.length ? `  (${files.join(', ')})` : ''}`);
    console.log(
      `specs: ${r.specs.spec} (handler ${r.specs.handler}, domain ${r.specs.aggregate}); e2e suites: ${r.specs.e2e}`,
    );
    console.log(`upward edges: ${r.edges.length}${r.edges.length ? `\n  ${r.edges.join('\n  ')}` : ''}`);
    console.log(
      `cycles between libs: ${r.cycles.length}${r.cycles.length ? `\n  ${r.cycles.map((group) => group.join(' <-> ')).join('\n  ')}` : ''}`,
    );
    console.log(`lines over 160 characters: ${r.long}`);
    if (process.argv.includes('--files')) {
      console.log('SQL outside repositories and read models, by file:');
      for (const [file, n] of Object.entries(r.sql.outsideFiles).sort((a, b) => b[1] - a[1]))
        console.log(`  ${n}\t${file}`);
      console.log('SQL writes in tests, by file:');
      for (const [file, n] of Object.entries(r.testWriteFiles).sort((a, b) => b[1] - a[1]))
        console.log(`  ${n}\t${file}`);
    }
  }
}
