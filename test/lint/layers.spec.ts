import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const eslint = new ESLint({ cwd: resolve('.') });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(file) });
  return result.messages.filter((message) => message.ruleId === 'fanmint/layers').map((message) => message.message);
}

describe('lint: edges point down, and no two libs reach each other', () => {
  it('accepts what the layers allow: an app booting from the composition root, a module importing platform, a test importing an app', async () => {
    expect(
      await layerErrors(
        'apps/worker/src/x.ts',
        `import { createWorker } from '#app/composition';\nexport { createWorker };\n`,
      ),
    ).toEqual([]);
    const moduleCode = `import { Clock } from '#app/platform';\nimport { IdentityModule } from '#app/identity';\nexport { Clock, IdentityModule };\n`;
    expect(await layerErrors('libs/consent/src/x.ts', moduleCode)).toEqual([]);
    const testingCode = `import { migrate } from '#app/composition';\nimport { createAcquirer } from '#app/sandbox-acquirer';\nexport { migrate };\n`;
    expect(await layerErrors('libs/testing/src/x.ts', testingCode)).toEqual([]);
    const testCode = `import { createApiApp } from '../../apps/api/src/main.js';\nexport { createApiApp };\n`;
    expect(await layerErrors('test/api/x.e2e.ts', testCode)).toEqual([]);
    expect(
      await layerErrors(
        'libs/verification/src/x.spec.ts',
        `import { blackPng } from '#app/testing';\nexport { blackPng };\n`,
      ),
    ).toEqual([]);
  });

  it('refuses an upward edge: a lib importing an app', async () => {
    expect(
      await layerErrors(
        'libs/testing/src/x.ts',
        `import { createApiApp } from '../../../apps/api/src/main.js';\nexport { createApiApp };\n`,
      ),
    ).toEqual([
      "'../../../apps/api/src/main.js' points up: libs/testing imports apps/api. Move what both need into a lib (the composition root is libs/composition).",
    ]);
  });

  it('refuses one app importing another, and a lib or an app importing test/', async () => {
    expect(
      await layerErrors('apps/worker/src/x.ts', `import { seed } from '../../api/src/seed.js';\nexport { seed };\n`),
    ).toEqual([
      "'../../api/src/seed.js' crosses apps: apps/worker imports apps/api. Each app is an entry point; move what both need into a lib.",
    ]);
    const testImport = `import { fixtures } from '../../../test/api/partition-fixtures.js';\nexport { fixtures };\n`;
    expect(await layerErrors('libs/commerce/src/x.ts', testImport)).toHaveLength(1);
    expect(await layerErrors('apps/api/src/x.ts', testImport)).toHaveLength(1);
  });

  it('keeps the composition root, the sandbox acquirer, the demo and the test support out of the modules', async () => {
    expect(
      await layerErrors(
        'libs/commerce/src/x.ts',
        `import { ORM_SETUP } from '#app/composition';\nexport { ORM_SETUP };\n`,
      ),
    ).toEqual(["'#app/composition' is the composition root: only apps, libs/testing and test/ boot from it."]);
    expect(
      await layerErrors(
        'libs/commerce/src/x.ts',
        `import { TEST_CARDS } from '#app/sandbox-acquirer';\nexport { TEST_CARDS };\n`,
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'apps/api/src/x.ts',
        `import { TEST_CARDS } from '#app/sandbox-acquirer';\nexport { TEST_CARDS };\n`,
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('libs/commerce/src/x.ts', `import { DEMO_STORE } from '#app/demo';\nexport { DEMO_STORE };\n`),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'libs/commerce/src/x.ts',
        `import { startTestPlatform } from '#app/testing';\nexport { startTestPlatform };\n`,
      ),
    ).toHaveLength(1);
  });

  it('refuses an import that closes a cycle between libs, direct or through others', async () => {
    // identity imports platform: platform importing identity closes a cycle of two.
    expect(
      await layerErrors(
        'libs/platform/src/x.ts',
        `import { IdentityModule } from '#app/identity';\nexport { IdentityModule };\n`,
      ),
    ).toEqual([
      "'#app/identity' closes a cycle between libs: platform -> identity -> platform. Move what both need into a lib below both.",
    ]);
    // backoffice does not import platform itself, only through identity, verification or realtime: a longer cycle.
    const [longer] = await layerErrors(
      'libs/platform/src/x.ts',
      `export { BackofficeModule } from '#app/backoffice';\n`,
    );
    expect(longer).toMatch(
      /^'#app\/backoffice' closes a cycle between libs: platform -> backoffice -> ([\w-]+ -> )+platform\./,
    );
  });
});
