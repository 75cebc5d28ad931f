import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const eslint = new ESLint({ cwd: resolve('.') });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(file) });
  return result.messages
    .filter((message) => message.ruleId === 'fanmint/feature-boundaries' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint: a web feature is reached only through its index', () => {
  it('accepts a feature index, the shared folder and relative imports inside the same feature', async () => {
    const code = `import { AuthCard } from '@/features/auth';\nimport { SectionCard } from '@/shared/ui/SectionCard';\nimport { TotpCodeInput } from '../components/TotpCodeInput';\nexport { AuthCard, SectionCard, TotpCodeInput };\n`;
    expect(await boundaryErrors('frontend/src/features/two-factor/pages/x.tsx', code)).toEqual([]);
  });

  it('refuses a deep path through the alias', async () => {
    expect(
      await boundaryErrors(
        'frontend/src/features/two-factor/x.ts',
        `import { signOut } from '@/features/auth/services/auth.service';\nexport { signOut };\n`,
      ),
    ).toEqual(["Import feature 'auth' through its index: '@/features/auth'."]);
  });

  it('refuses a relative climb into another feature, even to its index file', async () => {
    expect(
      await boundaryErrors(
        'frontend/src/features/two-factor/pages/x.ts',
        `import { signOut } from '../../auth/services/auth.service';\nexport { signOut };\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('frontend/src/features/two-factor/pages/x.ts', `export * from '../../auth';\n`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'frontend/src/lib/x.ts',
        `const load = () => import('../features/auth/services/auth.service');\nexport { load };\n`,
      ),
    ).toHaveLength(1);
  });

  it('refuses an import that closes a cycle between features: purchases never imports the storefront', async () => {
    expect(
      await boundaryErrors(
        'frontend/src/features/purchases/x.ts',
        `import { CaseFormModal } from '@/features/storefront';\nexport { CaseFormModal };\n`,
      ),
    ).toEqual([
      "'@/features/storefront' closes a cycle between features: purchases -> storefront -> purchases. Move what both need to a feature of its own or to '@/shared'.",
    ]);
    expect(
      await boundaryErrors(
        'frontend/src/features/store-card/x.ts',
        `import { useFavoriteToggle } from '@/features/purchases';\nexport { useFavoriteToggle };\n`,
      ),
    ).toHaveLength(1);
  });

  it('keeps the shared folder below the features', async () => {
    expect(
      await boundaryErrors(
        'frontend/src/shared/x.ts',
        `import { AuthCard } from '@/features/auth';\nexport { AuthCard };\n`,
      ),
    ).toHaveLength(1);
  });

  it('lets the app (the composition root) lazy-load a page by its path', async () => {
    expect(
      await boundaryErrors(
        'frontend/src/app/x.ts',
        `export const page = () => import('../features/storefront/pages/StorePage');\n`,
      ),
    ).toEqual([]);
  });
});
