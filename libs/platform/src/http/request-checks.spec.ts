import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSON_BODY_LIMIT_BYTES } from './json-body.js';
import { readBodies, refuseEncodedNul } from './request-checks.js';
import { sendError, toAppError } from './error.filter.js';

let server: Server;
let baseUrl: string;
const parsed: unknown[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseEncodedNul());
  app.use(readBodies({ jsonLimit: (request) => (request.url === '/large' ? 256 * 1024 : undefined) }));
  app.post('/small', (request, response) => void (parsed.push(request.body), response.json({ ok: true })));
  app.post('/large', (request, response) => void (parsed.push(request.body), response.json({ ok: true })));
  app.get('/items/:id', (_request, response) => void response.json({ ok: true }));
  app.use((error: unknown, _request: express.Request, response: express.Response, _next: express.NextFunction) =>
    sendError(response, toAppError(error)),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const post = (url: string, payload: string) =>
  fetch(`${baseUrl}${url}`, { method: 'POST', body: payload, headers: { 'content-type': 'application/json' } });

describe('request checks on a bare Express (the api mounts the same)', () => {
  it('keeps JSON bodies to 64 KB unless the route raises its limit', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    expect((await post('/small', body)).status).toBe(413);
    expect((await post('/large', body)).status).toBe(200);
    expect((await post('/large', JSON.stringify({ blob: 'x'.repeat(300 * 1024) }))).status).toBe(413);
  });

  it('refuses deep or NUL-bearing bodies with a 400 before a handler runs', async () => {
    const count = parsed.length;
    const deep = await post('/small', `${'['.repeat(33)}${']'.repeat(33)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      code: 'bad_json',
      message: 'Request body is nested deeper than 32 levels',
    });
    expect((await post('/small', '{"a":"\\u0000"}')).status).toBe(400);
    expect(parsed.length).toBe(count);
    expect((await post('/small', `${'['.repeat(32)}${']'.repeat(32)}`)).status).toBe(200);
  });

  it('reads an empty JSON body as no body', async () => {
    expect((await post('/small', '')).status).toBe(200);
    expect(parsed.at(-1)).toBeUndefined();
  });

  it('lets a bodiless POST through and refuses a body of a type no route reads with 415', async () => {
    expect((await fetch(`${baseUrl}/small`, { method: 'POST' })).status).toBe(200);
    const form = await fetch(`${baseUrl}/small`, {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses an encoded NUL in a path or query before routing', async () => {
    for (const url of ['/items/a%00b', '/items/a?q=%00', '/nowhere%00']) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'bad_request' });
    }
    expect((await fetch(`${baseUrl}/items/a%2500`)).status).toBe(200);
  });
});
