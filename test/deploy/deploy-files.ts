import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAllDocuments, parse } from 'yaml';

/** The repository root, for the files under test. */
export const repoFile = (path: string) => new URL(`../../${path}`, import.meta.url);

export const readText = (path: string) => readFileSync(repoFile(path), 'utf8');

/** One YAML document; `<<` merge keys resolved as Compose does. */
export const readYaml = (path: string): unknown => parse(readText(path), { merge: true });

/** Every document of a multi-document YAML file, failing on a syntax error. */
export function readYamlDocuments(path: string): unknown[] {
  return parseAllDocuments(readText(path)).map((doc) => {
    if (doc.errors.length) throw new Error(`${path}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as unknown;
  });
}

export const requireJson = <T>(specifier: string): T =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve(specifier), 'utf8')) as T;

/**
 * Compose's variable interpolation (`$$`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
 * `${VAR?error}`) applied to every string, as `docker compose config` does before it validates.
 */
export function interpolate<T>(value: T, env: Record<string, string | undefined>): T {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
      (match, name?: string, colon?: string, op?: string, arg?: string) => {
        if (match === '$$') return '$';
        const current = env[name!];
        const missing = current === undefined || (colon === ':' && current === '');
        if (!missing) return current;
        if (op === '?') throw new Error(`required variable ${name} is missing: ${arg}`);
        return op === '-' ? arg! : '';
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => interpolate(item, env)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)])) as T;
  return value;
}
