import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_PAYEES_SQL, SEED_SALES_SQL } from '#app/payouts';
import {
  clientIp,
  startCluster,
  STRONG_PASSWORD,
  tusUpload,
  uniqueEmail,
  verifiedCreator,
  waitFor,
  type Cluster,
} from '#app/testing';

/** kill -9 both worker processes in the middle of their jobs; after a restart each job's effect happens once. */
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ apis: 1, workers: 2, acquirer: false });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
): Promise<T> {
  return (await waitFor(probe, { timeoutMs, intervalMs: 20, what })) as T;
}

/** SIGKILL every worker, then start them again (stalled jobs come back once their locks lapse). */
async function crashWorkers(): Promise<void> {
  expect(await Promise.all(cluster.workers.map((worker) => worker.stop('SIGKILL')))).toEqual(
    cluster.workers.map(() => null),
  );
  await Promise.all(cluster.workers.map((worker) => worker.restart()));
}

const sql = async <T extends object>(text: string, params: unknown[] = []) =>
  (await cluster.db.query<T>(text, params)).rows;

describe('a worker killed with SIGKILL in the middle of jobs', () => {
  it('delivers each email to its reader once: deliveries cut off by the kill are sent again, a repeat carries the same Message-ID', async () => {
    // Held until released, so the kill lands while a delivery is held however busy the machine is.
    cluster.inbox.hold();
    const emails = Array.from({ length: 8 }, () => uniqueEmail('crash'));
    for (const email of emails) {
      const response = await fetch(`${cluster.next()}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(response.status).toBe(200);
    }
    await until('a send in flight', 30_000, () => cluster.inbox.receiving > 0);
    const cut = cluster.inbox.sessionsInFlight();
    cluster.inbox.timeline.push(`- killing the workers`);
    await crashWorkers();
    cluster.inbox.timeline.push(`- workers restarted`);
    // The killed senders' connections close in the kernel at once, but the listener (in this process) may
    // see that after the exit: released before it, a held delivery would be taken as accepted.
    await until('the inbox to see the killed senders hang up', 30_000, () =>
      cut.every((session) => cluster.inbox.hasClosed(session)),
    );
    cluster.inbox.release();
    await Promise.all(emails.map((email) => cluster.inbox.waitFor(email, /Confirm/, { timeoutMs: 120_000 })));
    // A job cut off by the kill comes back once its lock lapses and the stalled check runs: late on a busy machine.
    await cluster.settled(120_000);
    // A delivery the kill cut off is dropped (its sender hung up before the reply); the timeline says what happened if not.
    expect({ dropped: cluster.inbox.dropped > 0, timeline: cluster.inbox.timeline }).toMatchObject({ dropped: true });
    // Each address reads one message. A kill that falls between the server accepting a message and
    // the worker recording it repeats the delivery (at least once), with the same Message-ID, which
    // mail systems show once; a kill anywhere else leaves exactly one delivery.
    const received = emails.map((email) => cluster.inbox.for(email));
    expect(received.map((mails) => new Set(mails.map((mail) => mail.messageId)).size)).toEqual(emails.map(() => 1));
    expect(received.every((mails) => mails[0].messageId?.startsWith('<notifications.send-email.'))).toBe(true);
    expect(received.filter((mails) => mails.length > 1).length).toBeLessThanOrEqual(cluster.workers.length);
  }, 240_000);

  it('processes each uploaded file once when media processing is cut off', async () => {
    const creator = await verifiedCreator(cluster.api(0));
    const mediaDir = join(cluster.storageDir, 'media');
    // Killed once the worker has started on it (its thumbnail is written); the row still `uploaded` after
    // the kill shows it had not finished. On a busy machine this test can be starved long enough for
    // the transcode to finish first: then the cut-off did not happen, and it tries a clip twice as long.
    let cut: { contentId: string; mediaId: string; uploadId: string } | null = null;
    for (let seconds = 20; !cut && seconds <= 80; seconds *= 2) {
      const created = await fetch(`${cluster.next()}/api/content`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'video', title: `Cut off ${seconds}`, priceMinor: 999, currency: 'EUR' }),
      });
      expect(created.status).toBe(201);
      const contentId = ((await created.json()) as { id: string }).id;
      const clip = join(cluster.storageDir, `clip-${seconds}.mp4`);
      const source = `testsrc=duration=${seconds}:size=1280x720:rate=30`;
      execFileSync(ffmpegInstaller.path, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        source,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-y',
        clip,
      ]);
      const uploaded = await tusUpload(cluster.next(), creator.token, readFileSync(clip), {
        contentId,
        filename: 'clip.mp4',
        filetype: 'video/mp4',
      });
      expect(uploaded.error).toBeNull();
      const [media] = await sql<{ id: string }>(`select id from content_media where content_id = $1`, [contentId]);
      await until('processing under way', 60_000, () => existsSync(join(mediaDir, `${media.id}-thumb.webp`)));
      await Promise.all(cluster.workers.map((worker) => worker.stop('SIGKILL')));
      const [{ status }] = await sql<{ status: string }>(`select status from content_media where id = $1`, [media.id]);
      await Promise.all(cluster.workers.map((worker) => worker.restart()));
      if (status === 'uploaded') cut = { contentId, mediaId: media.id, uploadId: uploaded.url!.split('/').pop()! };
      else expect(status).toBe('ready');
    }
    expect(cut).not.toBeNull();
    const { contentId, mediaId, uploadId } = cut!;

    const [done] = await until('the file processed', 150_000, async () => {
      const rows = await sql<{ status: string; width: number; height: number }>(
        `select status, width, height from content_media where content_id = $1`,
        [contentId],
      );
      return rows.length === 1 && rows[0].status !== 'uploaded' && rows;
    });
    expect(done).toEqual({ status: 'ready', width: 1280, height: 720 });
    expect(
      readdirSync(mediaDir)
        .filter((name) => name.startsWith(mediaId))
        .sort(),
    ).toEqual([`${mediaId}-clean.mp4`, `${mediaId}-preview.mp4`, `${mediaId}-thumb.webp`]);
    // The cut-off upload's bytes go once it is processed (the clean-up follows the commit).
    await until('the upload removed', 30_000, () =>
      readdirSync(join(cluster.storageDir, 'uploads')).every(
        (name) => !name.startsWith(uploadId) || name.endsWith('.json'),
      ),
    );
  }, 420_000);

  it('pays each payout once when its dispatch is cut off', async () => {
    const payees = Array.from({ length: 3000 }, () => randomUUID());
    const now = new Date();
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const [period, day] = [lastDay.toISOString().slice(0, 7), lastDay.toISOString().slice(0, 10)];
    await cluster.db.query(
      `insert into ledger_accounts (owner_id, kind, currency) values (null, 'provider_clearing', 'EUR'), (null, 'platform_revenue', 'EUR') on conflict do nothing`,
    );
    const accounts = await sql<{ id: string; kind: string }>(
      `select id, kind from ledger_accounts where owner_id is null and currency = 'EUR'`,
    );
    const account = (kind: string) => accounts.find((row) => row.kind === kind)!.id;
    for (let start = 0; start < payees.length; start += 1000) {
      const chunk = JSON.stringify(payees.slice(start, start + 1000));
      await cluster.db.query(SEED_PAYEES_SQL, [chunk, 'EUR']);
      await cluster.db.query(SEED_SALES_SQL, [
        chunk,
        'EUR',
        1,
        1000,
        day,
        `${day}T10:00:00Z`,
        account('provider_clearing'),
        account('platform_revenue'),
      ]);
    }
    await cluster.db.query(
      `insert into outbox_message (queue, job_name, payload) values ('payouts', 'month-end', '{}'::jsonb)`,
    );
    // The batch is closed (its payouts written) and its dispatch not yet committed: kill now.
    await until(
      'payouts waiting for dispatch',
      120_000,
      async () =>
        (await sql(`select 1 from payouts where period = $1 and status = 'pending' limit 1`, [period])).length > 0,
    );
    await crashWorkers();

    await until(
      'every payout paid',
      150_000,
      async () =>
        (
          await sql<{ n: number }>(`select count(*)::int as n from payouts where period = $1 and status = 'paid'`, [
            period,
          ])
        )[0].n === payees.length,
    );
    const twice = await sql(
      `select payee_id from ledger_transactions where kind = 'payout_settled' and payee_id = any($1::uuid[]) group by payee_id having count(*) <> 1
       union all select payee_id from payouts where period = $2 group by payee_id having count(*) <> 1`,
      [payees, period],
    );
    expect(twice).toEqual([]);
    const [{ settled, submitted }] = await sql<{ settled: number; submitted: number }>(
      `select (select count(*)::int from ledger_transactions where kind = 'payout_settled' and payee_id = any($1::uuid[])) as settled,
              (select count(*)::int from sandbox_payouts s join payouts p on p.id = s.payout_id where p.period = $2) as submitted`,
      [payees, period],
    );
    expect({ settled, submitted }).toEqual({ settled: payees.length, submitted: payees.length });
  }, 300_000);
});
