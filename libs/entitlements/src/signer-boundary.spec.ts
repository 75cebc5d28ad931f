import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Only this module signs links to files. Other modules may keep SignedTokens for what is not a file
 * (the age-check cookie, the digest unsubscribe link), under the purposes listed here and nowhere else.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const NON_FILE_SIGNERS: Record<string, string> = {
  'libs/commerce/src/http/age-check-cookie.ts': 'age-check-cookie',
  'libs/messaging/src/commands/unsubscribe-digest/digest-links.ts': 'message-digest-unsubscribe',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|e2e)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const outside = [...sources(join(root, 'libs')), ...sources(join(root, 'apps'))]
  .map((path) => relative(root, path))
  .filter(
    (path) => !path.startsWith('libs/entitlements/') && !path.startsWith('libs/platform/src/http/signed-tokens.ts'),
  );

describe('the file-link signer', () => {
  it('is used outside libs/entitlements only for the listed non-file tokens', () => {
    const offenders = outside.filter((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      if (!/\bSignedTokens\b|\bFileLinks\b|signing\/file-links/.test(text)) return false;
      const purposes = [...text.matchAll(/new SignedTokens\([^,]+,\s*'([^']+)'/g)].map((match) => match[1]);
      return NON_FILE_SIGNERS[path] === undefined || purposes.length !== 1 || purposes[0] !== NON_FILE_SIGNERS[path];
    });
    expect(offenders).toEqual([]);
  });

  it('is the only code that writes a signed file link', () => {
    const offenders = outside.filter((path) =>
      /(\/api\/media|verification-images|\/images\/[^'"`]*)\?token=/.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps the file-link purposes in this module', () => {
    const offenders = outside.filter((path) =>
      /'(content-media-links|verification-image-links)'/.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
