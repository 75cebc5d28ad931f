import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import { loadConfig, type PlatformOptions } from '#app/platform';
import { AppModule } from './api/app.module.js';
import { WorkerModule } from './worker/worker.module.js';

// @nestjs/cqrs' metadata keys (decorators/constants): a provider carrying one is a handler the bus registers.
const HANDLER_KEYS = ['__commandHandler__', '__queryHandler__', '__eventsHandler__'];

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => ModuleRef };

/**
 * Every handler class provided by the modules an application is composed of, with the modules
 * providing it: each module instance Nest builds is visited once (a class module by its class, a
 * dynamic module by its object).
 */
function handlerHomes(root: DynamicModule): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  const seen = new Set<unknown>();
  const visit = (ref: ModuleRef | undefined) => {
    if (!ref || ref instanceof Promise) return;
    if ('forwardRef' in ref) return visit(ref.forwardRef());
    if (seen.has(ref)) return;
    seen.add(ref);
    const dynamic = 'module' in ref ? ref : null;
    const type = dynamic ? dynamic.module : (ref as Type);
    const providers = [
      ...((Reflect.getMetadata('providers', type) as unknown[] | undefined) ?? []),
      ...(dynamic?.providers ?? []),
    ];
    for (const provider of providers) {
      const handler =
        typeof provider === 'function' ? provider : (provider as { useClass?: Type } | undefined)?.useClass;
      if (!handler || !HANDLER_KEYS.some((key) => Reflect.hasMetadata(key, handler))) continue;
      homes.set(handler.name, [...(homes.get(handler.name) ?? []), type.name]);
    }
    const imports = [
      ...((Reflect.getMetadata('imports', type) as ModuleRef[] | undefined) ?? []),
      ...((dynamic?.imports as ModuleRef[] | undefined) ?? []),
    ];
    for (const imported of imports) visit(imported);
  };
  visit(root);
  return homes;
}

const options = (): PlatformOptions =>
  ({
    config: loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1:9/none',
      SMTP_URL: 'smtp://127.0.0.1:9',
      JWT_SECRET: 'handlers-once-handlers-once-handlers-once',
      STORAGE_DIR: join(tmpdir(), 'fanmint-handlers-once'),
    }),
    orm: {},
  }) as PlatformOptions;

describe('each command, query and event handler is provided once per application', () => {
  it.each([
    ['api', () => AppModule.register(options())],
    ['worker', () => WorkerModule.register(options())],
  ])('%s', (_name, compose) => {
    const homes = handlerHomes(compose());
    expect(homes.size).toBeGreaterThan(10);
    const twice = [...homes].filter(([, modules]) => modules.length > 1).map(([handler, m]) => `${handler}: ${m}`);
    expect(twice).toEqual([]);
  });

  it('the worker answers the identity queries its jobs ask', () => {
    const homes = handlerHomes(WorkerModule.register(options()));
    for (const handler of ['FindUserHandler', 'EmailRecipientHandler', 'ListStaffHandler'])
      expect(homes.get(handler)).toEqual(['IdentityQueriesModule']);
  });
});
