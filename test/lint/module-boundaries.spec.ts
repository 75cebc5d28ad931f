import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const eslint = new ESLint({ cwd: resolve('.') });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(file) });
  return result.messages
    .filter((message) => message.ruleId === 'fanmint/module-boundaries')
    .map((message) => message.message);
}

describe('lint: a module is reached only through its index', () => {
  it('accepts the index alias and relative imports inside the same module', async () => {
    expect(
      await boundaryErrors(
        'libs/consent/src/x.ts',
        `import { IdentityModule } from '#app/identity';\nimport { a } from './commands/a.js';\nexport { IdentityModule, a };\n`,
      ),
    ).toEqual([]);
  });

  it('refuses a deep path through the alias', async () => {
    expect(
      await boundaryErrors(
        'libs/consent/src/x.ts',
        `import { User } from '#app/identity/entities/user.entity.js';\nexport { User };\n`,
      ),
    ).toEqual(["Import 'identity' through its index: '#app/identity'."]);
  });

  it('refuses a relative climb into another module, from a module or an app', async () => {
    expect(
      await boundaryErrors(
        'libs/consent/src/commands/x.ts',
        `import { User } from '../../../identity/src/entities/user.entity.js';\nexport { User };\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/api/src/x.ts', `export * from '../../../libs/identity/src/index.js';\n`),
    ).toHaveLength(1);
  });
});
