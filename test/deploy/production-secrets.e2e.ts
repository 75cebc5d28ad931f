import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Issue 33, finding 5: the real entry points, started with NODE_ENV=production and the values this
 * repository publishes (a k8s CHANGE-ME, compose's sandbox secrets, the built-in anon key), stop
 * before doing anything, exit 78 and name the setting.
 */
const ROOT = process.cwd();
// The TypeScript sources, as the cluster suites run them; `source` resolves `#tracing` to its .ts file too.
const LOADER = [
  '--conditions=source',
  ...['scripts/lib/parent-watch.mjs', 'scripts/lib/ts-register.mjs'].flatMap((file) => ['--import', join(ROOT, file)]),
];

function start(entry: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, [...LOADER, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 80_000,
  });
  return { status: run.status, stderr: run.stderr };
}

const realSecrets = {
  JWT_SECRET: 'pR0d-jwt-4c1d9e7b2f8a6350b9e1d4c7a2f6e8b3',
  DATA_ENCRYPTION_KEY: Buffer.from('0123456789abcdefghijklmnopqrstuv').toString('base64'),
  SANDBOX_ACQUIRER_SECRET_KEY: 'sk_live_9f3b1c7e5a2d8046',
  SANDBOX_ACQUIRER_WEBHOOK_SECRETS: 'whsec_7c2e9a4f1b6d3085',
  PUBLIC_ANON_KEY: 'anon_5e8c1f9a3b7d2046',
  METRICS_TOKEN: 'metrics_2b7f9c1e5a3d8064',
};
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://fanmint@127.0.0.1:1/fanmint',
  SMTP_URL: 'smtp://127.0.0.1:1',
  OTEL_SDK_DISABLED: 'true',
};

// Each test starts real processes on the TypeScript sources: slow on a loaded machine.
jest.setTimeout(180_000);

describe('production refuses public secrets at start', () => {
  it("the api stops on the manifests' CHANGE-ME, compose's sandbox webhook secret and the built-in anon key, naming each", () => {
    const { status, stderr } = start('apps/api/src/main.ts', {
      ...production,
      ...realSecrets,
      JWT_SECRET: 'CHANGE-ME-CHANGE-ME-CHANGE-ME-CHANGE-ME',
      SANDBOX_ACQUIRER_WEBHOOK_SECRETS: 'whsec_fanmint_sandbox_compose',
      PUBLIC_ANON_KEY: 'fanmint-public-anon-key',
    });
    expect(status).toBe(78);
    expect(stderr).toContain('api: Invalid configuration');
    for (const name of [
      'JWT_SECRET: is a placeholder',
      'SANDBOX_ACQUIRER_WEBHOOK_SECRETS: is a built-in default',
      'PUBLIC_ANON_KEY: is a built-in default',
    ])
      expect(stderr).toContain(name);
    expect(stderr).not.toContain('CHANGE-ME-CHANGE-ME');
  });

  it('the worker stops when a secret is missing', () => {
    const { METRICS_TOKEN: _unset, ...withoutToken } = realSecrets;
    const { status, stderr } = start('apps/worker/src/main.ts', { ...production, ...withoutToken });
    expect(status).toBe(78);
    expect(stderr).toContain('METRICS_TOKEN: is required with NODE_ENV=production');
  });

  it('the acquirer stops on its built-in sandbox secrets', () => {
    const { status, stderr } = start('apps/acquirer/src/main.ts', { NODE_ENV: 'production' });
    expect(status).toBe(78);
    expect(stderr).toContain('ACQUIRER_SECRET_KEY: is required');
    const compose = start('apps/acquirer/src/main.ts', {
      NODE_ENV: 'production',
      ACQUIRER_SECRET_KEY: 'sk_live_9f3b1c7e5a2d8046',
      ACQUIRER_WEBHOOK_SECRETS: 'whsec_fanmint_sandbox_compose',
    });
    expect(compose).toEqual({
      status: 78,
      stderr: expect.stringContaining('ACQUIRER_WEBHOOK_SECRETS: is a built-in default'),
    });
  });
});
