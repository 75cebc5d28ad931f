import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { loadConfig } from '#app/platform';
import { createApiApp, openApiDocument } from '#app/composition';
// @ts-expect-error: a plain ES module script without type declarations
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/api-types.mjs';

describe("the web app's API types", () => {
  it('match the OpenAPI document the server generates (run `npm run api:types` after changing a DTO)', async () => {
    const app = await createApiApp(
      loadConfig({
        DATABASE_URL: 'postgres://offline@127.0.0.1:1/offline',
        SMTP_URL: 'smtp://127.0.0.1:1',
        JWT_SECRET: 'offline'.repeat(6),
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const expected = await renderApiTypes(JSON.parse(JSON.stringify(openApiDocument(app))));
      expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(expected);
    } finally {
      await app.close();
    }
  });
});
