// The month-end benches' data: a tree's own synthetic-ledger seed (libs/payouts/src/testing), run per chunk.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CHUNK = 20_000;

/**
 * Seeds `payees` payees (ids from `idOf(n)`), each with a crypto payout method and `salesPerPayee` sales of
 * 10.00 EUR due on 2030-01-31, into a migrated database, through the seed SQL of the build in `dir`.
 * `onChunk(done)` after each chunk of 20,000.
 */
export async function seedSyntheticLedger(db, dir, { payees, salesPerPayee, idOf, onChunk = () => {} }) {
  const { SEED_PAYEES_SQL, SEED_SALES_SQL } = await import(
    pathToFileURL(join(dir, 'dist/libs/payouts/src/testing/synthetic-ledger.js')).href
  );
  await db.query(
    `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR')`,
  );
  const { rows } = await db.query(`select id, kind from ledger_accounts where owner_id is null`);
  const account = (kind) => rows.find((row) => row.kind === kind).id;
  for (let start = 0; start < payees; start += CHUNK) {
    const count = Math.min(CHUNK, payees - start);
    const ids = JSON.stringify(Array.from({ length: count }, (_, i) => idOf(start + i)));
    await db.query(SEED_PAYEES_SQL, [ids, 'EUR']);
    await db.query(SEED_SALES_SQL, [
      ids,
      'EUR',
      salesPerPayee,
      1000,
      '2030-01-31',
      '2030-01-10T12:00:00Z',
      account('provider_clearing'),
      account('platform_revenue'),
    ]);
    onChunk(start + count);
  }
  await db.query('vacuum analyze');
}

/** The operator command both benches time: the month-end close of January 2030 (the seed's due day), as node arguments. */
export const monthEndArgs = (dir, batchSize) => [
  join(dir, 'dist/apps/worker/src/month-end.js'),
  '--period',
  '2030-01',
  '--at',
  '2030-01-31T23:00:00Z',
  '--batch-size',
  String(batchSize),
];
