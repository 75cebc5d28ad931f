import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeedAccountsCommand } from '#app/identity';
import { startTestPlatform, waitFor, type TestPlatform } from '#app/testing';
import { DEMO_ACCOUNTS, DEMO_STORE, seedDemoMarketplace } from '#app/demo';

/** Rows the demo seed writes (directly or through the worker); a second run must add none. */
const COUNTED = [
  'users',
  'verification_submissions',
  'stores',
  'content_items',
  'content_media',
  'sellable_items',
  'purchases',
  'subscriptions',
  'favorites',
  'posts',
  'post_media',
  'payment_events',
  'ledger_transactions',
  'ledger_entries',
  'audit_log',
  'outbox_message',
] as const;

async function counts(platform: TestPlatform): Promise<Record<string, number>> {
  const db = platform.api.get(MikroORM).em.fork();
  const entries = await Promise.all(
    COUNTED.map(
      async (table) =>
        [table, (await db.execute<{ n: number }[]>(`select count(*)::int as n from ${table}`))[0].n] as const,
    ),
  );
  return Object.fromEntries(entries);
}

async function seedAccounts(platform: TestPlatform) {
  await platform.api.get(CommandBus).execute(new SeedAccountsCommand(DEMO_ACCOUNTS));
  const db = platform.api.get(MikroORM).em.fork();
  const rows = await db.execute<{ id: string; email: string }[]>(
    `select id, email from users where email in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(DEMO_ACCOUNTS.map((account) => account.email))],
  );
  return Object.fromEntries(rows.map((row) => [row.email.split('@')[0], row.id])) as Record<
    'fan' | 'creator' | 'moderator' | 'admin',
    string
  >;
}

/** Waits until the acquirer's webhooks for the demo purchases were received, so a late one cannot be counted as the second run's. */
async function webhooksReceived(platform: TestPlatform, purchaseIds: string[]) {
  const db = () => platform.api.get(MikroORM).em.fork();
  await waitFor(
    async () => {
      const sql = `select count(distinct reference)::int as n from payment_events where reference in (select jsonb_array_elements_text(?::jsonb))`;
      const [{ n }] = await db().execute<{ n: number }[]>(sql, [JSON.stringify(purchaseIds)]);
      return n === purchaseIds.length;
    },
    { timeoutMs: 20_000, intervalMs: 100, what: 'the acquirer’s webhooks for the demo purchases' },
  );
}

describe('demo marketplace seed (npm start)', () => {
  const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-demo-'));

  describe('before launch', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'prelaunch', STORAGE_DIR: storageDir } });
    });
    afterAll(() => platform?.close());

    it('seeds none of it: no store, no content, no purchase', async () => {
      const ids = await seedAccounts(platform);
      const before = await counts(platform);
      expect(await seedDemoMarketplace(platform.api)).toBeNull();
      await platform.drain();
      expect(await counts(platform)).toEqual(before);
      const db = platform.api.get(MikroORM).em.fork();
      expect(await db.execute(`select 1 from stores where owner_id = ?`, [ids.creator])).toHaveLength(0);
      expect(await db.execute(`select 1 from content_items where creator_id = ?`, [ids.creator])).toHaveLength(0);
      expect(readdirSync(storageDir)).not.toContain('demo-media');
    });
  });

  describe('live', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
    });
    afterAll(() => platform?.close());

    it('seeds a verified creator’s open store with approved, sellable items and a fan who bought, subscribed and favourited; a second run adds nothing', async () => {
      const ids = await seedAccounts(platform);
      const db = () => platform.api.get(MikroORM).em.fork();
      const seeded = await seedDemoMarketplace(platform.api);
      expect(seeded).toEqual({
        storeSlug: DEMO_STORE.slug,
        storeUrl: `${platform.config.PUBLIC_URL}/stores/${DEMO_STORE.slug}`,
      });
      await platform.drain();

      // The creator: verified by the demo moderator, audited; the store open with its bio and categories.
      const [verification] = await db().execute<{ status: string; decided_by: string }[]>(
        `select status, decided_by from verification_submissions where user_id = ?`,
        [ids.creator],
      );
      expect(verification).toEqual({ status: 'accepted', decided_by: ids.moderator });
      const [store] = await db().execute<
        {
          id: string;
          status: string;
          tagline: string;
          description: string;
          is_nsfw: boolean;
          categories: string[];
          subscription_enabled: boolean;
          currency: string;
          banner_key: string | null;
          avatar_key: string | null;
        }[]
      >(
        `select id, status, tagline, description, is_nsfw, categories, subscription_enabled, currency, banner_key, avatar_key from stores where owner_id = ?`,
        [ids.creator],
      );
      expect(store).toMatchObject({
        status: 'active',
        tagline: DEMO_STORE.tagline,
        description: DEMO_STORE.description,
        is_nsfw: true,
        subscription_enabled: true,
        currency: 'EUR',
      });
      // Its banner and avatar, re-encoded by the same command as a creator's upload.
      expect(store.banner_key).toEqual(expect.any(String));
      expect(store.avatar_key).toEqual(expect.any(String));
      expect(store.categories).toEqual(DEMO_STORE.categories);

      // Items: approved by the moderator (audited), their generated files processed by the worker, on sale in commerce's read model.
      const items = await db().execute<
        { id: string; kind: string; status: string; price_minor: number; currency: string; decided_by: string }[]
      >(
        `select id, kind, status, price_minor, currency, decided_by from content_items where creator_id = ? and purpose = 'store' order by title`,
        [ids.creator],
      );
      expect(items.map((item) => item.kind).sort()).toEqual(['album', 'album', 'video']);
      for (const item of items)
        expect(item).toMatchObject({ status: 'approved', currency: 'EUR', decided_by: ids.moderator });
      expect(items.every((item) => item.price_minor > 0)).toBe(true);
      const media = await db().execute<
        {
          content_id: string;
          media_type: string;
          status: string;
          thumbnail_key: string;
          clean_key: string;
          preview_key: string | null;
        }[]
      >(
        `select m.content_id, m.media_type, m.status, m.thumbnail_key, m.clean_key, m.preview_key from content_media m join content_items c on c.id = m.content_id where c.creator_id = ? and c.purpose = 'store'`,
        [ids.creator],
      );
      expect(media.length).toBe(9);
      for (const file of media) {
        expect(file.status).toBe('ready');
        expect(readdirSync(join(storageDir, 'media'))).toEqual(
          expect.arrayContaining([file.thumbnail_key, file.clean_key]),
        );
      }
      expect(media.filter((file) => file.media_type === 'video').every((file) => file.preview_key)).toBe(true);
      const audited = await db().execute<{ action: string }[]>(
        `select action from audit_log where actor_id = ? and target_id in (select jsonb_array_elements_text(?::jsonb))`,
        [ids.moderator, JSON.stringify(items.map((item) => item.id))],
      );
      expect(audited.filter((row) => row.action === 'content.approved')).toHaveLength(3);
      const sellable = await db().execute<{ status: string }[]>(
        `select status from sellable_items where creator_id = ?`,
        [ids.creator],
      );
      expect(sellable.map((row) => row.status)).toEqual(['sellable', 'sellable', 'sellable']);

      // Posts: a pinned welcome, a subscribers' set and a pay-to-unlock one, their photos approved first.
      const posts = await db().execute<{ audience: string; status: string; pinned: boolean; items: number }[]>(
        `select audience, status, pinned_at is not null as pinned, (select count(*)::int from post_media m where m.post_id = p.id) as items
           from posts p where creator_id = ? order by created_at`,
        [ids.creator],
      );
      expect(posts).toEqual([
        { audience: 'free', status: 'published', pinned: true, items: 0 },
        { audience: 'subscribers', status: 'published', pinned: false, items: 1 },
        { audience: 'paid', status: 'published', pinned: false, items: 1 },
      ]);

      // The fan: an item bought and a subscription, both paid by card at the acquirer; the store favourited.
      const purchases = await db().execute<{ id: string; kind: string; status: string; card_last4: string }[]>(
        `select id, kind, status, card_last4 from purchases where buyer_id = ? order by kind`,
        [ids.fan],
      );
      expect(purchases.map(({ kind, status, card_last4 }) => ({ kind, status, card_last4 }))).toEqual([
        { kind: 'content', status: 'paid', card_last4: '4242' },
        { kind: 'subscription', status: 'paid', card_last4: '4242' },
      ]);
      const [subscription] = await db().execute<{ status: string; current_period_end: Date }[]>(
        `select status, current_period_end from subscriptions where subscriber_id = ? and store_id = ?`,
        [ids.fan, store.id],
      );
      expect(subscription.status).toBe('active');
      expect(new Date(subscription.current_period_end).getTime()).toBeGreaterThan(Date.now());
      expect(
        await db().execute(`select 1 from favorites where user_id = ? and store_id = ?`, [ids.fan, store.id]),
      ).toHaveLength(1);

      // The ledger booked both sales for the creator, and every transaction balances.
      const sales = await db().execute<{ sale_id: string }[]>(
        `select sale_id from ledger_transactions where kind = 'sale' and sale_id in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(purchases.map((p) => p.id))],
      );
      expect(sales.map((row) => row.sale_id).sort()).toEqual(purchases.map((p) => p.id).sort());
      expect(
        await db().execute(
          `select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
        ),
      ).toHaveLength(0);
      // …and the creator's sales show them.
      const signIn = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.20.0.1' },
        body: JSON.stringify({
          email: 'creator@fanmint.local',
          password: DEMO_ACCOUNTS.find((a) => a.role === 'creator')!.password,
        }),
      });
      const { access_token } = (await signIn.json()) as { access_token: string };
      const salesPage = await fetch(`${platform.baseUrl}/api/sales`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(salesPage.status).toBe(200);
      expect(JSON.stringify(await salesPage.json())).toContain('Golden Hour');

      await webhooksReceived(
        platform,
        purchases.map((p) => p.id),
      );
      await platform.drain();
      const before = await counts(platform);
      const mediaFiles = readdirSync(join(storageDir, 'media')).length;
      expect(await seedDemoMarketplace(platform.api)).toEqual(seeded);
      await platform.drain();
      expect(await counts(platform)).toEqual(before);
      expect(readdirSync(join(storageDir, 'media'))).toHaveLength(mediaFiles);
    }, 180_000);
  });
});
