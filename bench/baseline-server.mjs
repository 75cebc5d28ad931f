// The bare baseline for GET /auth/v1/user: node:http + a pg Pool doing the same work per request
// as the product's bearer strategy (HS256 verification with jsonwebtoken, the library under @nestjs/jwt,
// with the secret as a key object and the same issuer/audience checks, then
// the same user + session lookup) and answering the user row as JSON. No framework, no ORM.
//
// Run as a child process (its own event loop, like the api). Environment:
//   DATABASE_URL, JWT_SECRET, JWT_ISSUER, POOL_MAX (default 10, the product's MikroORM pool max),
//   JWT_VERIFY = jsonwebtoken (default: jsonwebtoken.verify, as the product does today) | hmac
//   (node:crypto HMAC-SHA256 + the same claim checks; use it if the product switches to that)
// Sends { port } to the parent over IPC once it listens.
import http from 'node:http';
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import jsonwebtoken from 'jsonwebtoken';

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET, 'utf8'));
const issuer = process.env.JWT_ISSUER;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
// The same data GET /auth/v1/user answers: the user, the session check and the user's 2FA factors,
// fetched as a bare handler would, in one query.
const SQL = `select u.*, s.id as session_id,
  coalesce((select json_agg(json_build_object('id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
                                              'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at) order by f.created_at)
            from mfa_factors f where f.user_id = u.id), '[]') as factors
  from users u left join sessions s on s.id = $1 and s.user_id = u.id where u.id = $2`;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** HS256 verification with node:crypto: signature, alg, iss, aud, exp. Throws on any mismatch. */
function verifyHmac(token) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('malformed');
  if (JSON.parse(Buffer.from(header, 'base64url')).alg !== 'HS256') throw new Error('alg');
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url'));
  if (claims.iss !== issuer || claims.aud !== 'authenticated' || !(claims.exp > Date.now() / 1000))
    throw new Error('claims');
  return claims;
}

const verify =
  process.env.JWT_VERIFY === 'hmac'
    ? async (token) => verifyHmac(token)
    : async (token) => jsonwebtoken.verify(token, key, { algorithms: ['HS256'], issuer, audience: 'authenticated' });

async function handle(req, res) {
  if (req.method !== 'GET' || req.url !== '/auth/v1/user') return send(res, 404, { error: 'not_found' });
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return send(res, 401, { error: 'no_authorization' });
  let claims;
  try {
    claims = await verify(match[1]);
  } catch {
    return send(res, 403, { error: 'bad_jwt' });
  }
  const { rows } = await pool.query(SQL, [claims.session_id, claims.sub]);
  if (rows.length === 0) return send(res, 403, { error: 'user_not_found' });
  if (!rows[0].session_id) return send(res, 403, { error: 'session_not_found' });
  const { encrypted_password: _hidden, session_id: _session, ...user } = rows[0];
  return send(res, 200, user);
}

const server = http.createServer((req, res) => {
  req.resume();
  handle(req, res).catch((error) => send(res, 500, { error: String(error?.message ?? error) }));
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));

const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
