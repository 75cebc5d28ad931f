import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import pg from 'pg';
const t0 = Date.now();
const db = await startEmbeddedPostgres({ dataDir: process.argv[2] || undefined, persistent: !!process.argv[2], database: 'fanmint', onLog: (l) => process.env.V && console.log('pg>', l) });
console.log('ready', db.url, db.port, Date.now() - t0, 'ms');
const c = new pg.Client(db.url); await c.connect(); console.log((await c.query('select current_database(), version()')).rows[0]); await c.end();
await db.stop(); console.log('stopped', Date.now() - t0, 'ms');
