import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { loadConfig } from '#app/platform';
import { createApiApp, openApiDocument } from '#app/composition';

/**
 * The HTTP contract, pinned: every path, method, parameter, body, response and schema of the
 * OpenAPI document, as committed in test/api/contracts/openapi.json (written from the server that
 * ran on Fastify, before the move to Express). A change of the document is a change of the API:
 * make it on purpose and update the copy in the same commit.
 */
const CONTRACT_FILE = new URL('./contracts/openapi.json', import.meta.url);

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

describe('the OpenAPI document', () => {
  it('has the same paths, methods and schemas as the committed contract', async () => {
    const app = await createApiApp(
      loadConfig({
        DATABASE_URL: 'postgres://offline@127.0.0.1:1/offline',
        SMTP_URL: 'smtp://127.0.0.1:1',
        JWT_SECRET: 'offline'.repeat(6),
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const document = JSON.parse(JSON.stringify(openApiDocument(app)));
      const contract = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8'));
      const actual = sorted({
        openapi: document.openapi,
        paths: document.paths,
        components: document.components,
      }) as typeof contract;
      // Path by path first, so a failure names the route that moved.
      expect(Object.keys(actual.paths)).toEqual(Object.keys(contract.paths));
      for (const path of Object.keys(contract.paths))
        expect({ path, operations: actual.paths[path] }).toEqual({ path, operations: contract.paths[path] });
      expect(actual.components).toEqual(contract.components);
      expect(actual).toEqual(contract);
    } finally {
      await app.close();
    }
  });
});
