import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT_BYTES } from './json-body.js';
import { registerRequestChecks } from './request-checks.js';
import { sendError, toAppError } from './error.filter.js';

let fastify: FastifyInstance;
const parsed: unknown[] = [];

beforeAll(async () => {
  fastify = Fastify();
  fastify.setErrorHandler((error, _request, reply) => sendError(reply, toAppError(error)));
  registerRequestChecks(fastify);
  fastify.post('/small', async (request) => (parsed.push(request.body), { ok: true }));
  fastify.post('/large', { config: { bodyLimit: 256 * 1024 } as never }, async (request) => (parsed.push(request.body), { ok: true }));
  fastify.get('/items/:id', async () => ({ ok: true }));
  await fastify.ready();
});

afterAll(async () => {
  await fastify?.close();
});

const post = (url: string, payload: string) => fastify.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

describe('request checks on a bare Fastify (the api registers the same)', () => {
  it('keeps JSON bodies to 64 KB unless the route raises its limit', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    expect((await post('/small', body)).statusCode).toBe(413);
    expect((await post('/large', body)).statusCode).toBe(200);
    expect((await post('/large', JSON.stringify({ blob: 'x'.repeat(300 * 1024) }))).statusCode).toBe(413);
  });

  it('refuses deep or NUL-bearing bodies with a 400 before a handler runs', async () => {
    const count = parsed.length;
    const deep = await post('/small', `${'['.repeat(33)}${']'.repeat(33)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'bad_json', message: 'Request body is nested deeper than 32 levels' });
    expect((await post('/small', '{"a":"\\u0000"}')).statusCode).toBe(400);
    expect(parsed.length).toBe(count);
    expect((await post('/small', `${'['.repeat(32)}${']'.repeat(32)}`)).statusCode).toBe(200);
  });

  it('reads an empty JSON body as no body', async () => {
    expect((await post('/small', '')).statusCode).toBe(200);
    expect(parsed.at(-1)).toBeUndefined();
  });

  it('refuses an encoded NUL in a path or query before routing', async () => {
    for (const url of ['/items/a%00b', '/items/a?q=%00', '/nowhere%00']) {
      const response = await fastify.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request' });
    }
    expect((await fastify.inject({ method: 'GET', url: '/items/a%2500' })).statusCode).toBe(200);
  });
});
