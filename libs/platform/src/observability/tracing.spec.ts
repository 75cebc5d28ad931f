import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tracingRequested } from './tracing.js';

describe('tracing is switched on only by the standard OTEL variables', () => {
  it.each([
    [{}, false],
    [{ OTEL_SERVICE_NAME: 'api' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_SERVICE_NAME: 'api' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SERVICE_NAME: '  ' }, false],
  ])('%j -> %s', (env, expected) => {
    expect(tracingRequested(env)).toBe(expected);
  });
});

const SERVER_KIND = 2;

interface OtlpSpan {
  name: string;
  kind: number;
}

/** Spans of an OTLP/HTTP JSON export body, flattened. */
const spansOf = (body: { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] }) =>
  (body.resourceSpans ?? []).flatMap((resource) => (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []));

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A child process starts tracing, then serves one request that queries PostgreSQL, then exits. */
const CHILD = `
const { startTracing } = await import(process.env.TRACING_MODULE);
const sdk = await startTracing('fanmint-tracing-test');
const http = await import('node:http');
const { default: pg } = await import('pg');
const pool = new pg.Pool({ connectionString: process.env.PG_URL, max: 1 });
const server = http.createServer(async (request, response) => {
  const { rows } = await pool.query('select 1 as one');
  response.end(String(rows[0].one));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const answer = await fetch('http://127.0.0.1:' + server.address().port + '/traced');
process.stdout.write('answer ' + (await answer.text()) + '\\n');
server.close();
await pool.end();
await sdk.shutdown();
`;

describe('tracing with an OTLP/HTTP exporter', () => {
  it('sends the spans of an HTTP request and its PostgreSQL query to the collector', async () => {
    const received: OtlpSpan[] = [];
    const resources: string[] = [];
    const collector = createServer(async (request, response) => {
      const body = await readBody(request);
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as Parameters<typeof spansOf>[0];
        received.push(...spansOf(parsed));
        resources.push(body);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
    try {
      const { port } = collector.address() as AddressInfo;
      const child = spawn(resolve('node_modules/.bin/node'), ['--input-type=module', '-e', CHILD], {
        env: {
          PATH: process.env.PATH,
          TRACING_MODULE: pathToFileURL(resolve('libs/platform/src/observability/tracing.ts')).href,
          PG_URL: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise((done) => child.on('close', done));
      expect({ code, output: output.includes('answer 1') ? 'answer 1' : output }).toEqual({
        code: 0,
        output: 'answer 1',
      });

      expect(resources.join('')).toContain('fanmint-tracing-test');
      const names = received.map((span) => span.name);
      // The server span of the request (fetch is undici, not traced here) and the query's span.
      expect(received.filter((span) => span.name === 'GET' && span.kind === SERVER_KIND)).toHaveLength(1);
      expect(names).toContainEqual(expect.stringMatching(/^pg\.query/));
    } finally {
      await new Promise((done) => collector.close(done));
    }
  }, 30_000);
});
