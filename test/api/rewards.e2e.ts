import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse/sync';
import { FixedClock, signedInUser, staffSession, startTestPlatform, type TestPlatform } from '#app/testing';

let platform: TestPlatform;
const clock = new FixedClock(new Date('2025-03-01T10:00:00Z'));
const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const OTHER_WALLET = 'So11111111111111111111111111111111111111112';

type Session = Awaited<ReturnType<typeof signedInUser>>;
let fan: Session;
let stranger: Session;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text,
    headers: response.headers,
  };
}

/** This suite's rows only: other suites share the database. */
const rows = () =>
  platform.api
    .get(MikroORM)
    .em.fork()
    .execute<{ user_id: string; wallet_address: string | null; telegram_username: string | null }[]>(
      `select * from user_rewards where user_id in (?, ?) order by created_at`,
      [fan.session.user.id, stranger.session.user.id],
    );

beforeAll(async () => {
  platform = await startTestPlatform({ clock, env: { AIRDROP_SNAPSHOT_DATE: '2025-04-01' } });
  fan = await signedInUser(platform);
  stranger = await signedInUser(platform);
});

afterAll(async () => {
  await platform?.close();
});

describe('rewards: wallet and Telegram username', () => {
  it('reads as empty before the first save, without creating a record', async () => {
    const read = await call('GET', '/api/rewards', fan.session.access_token);
    expect(read).toMatchObject({
      status: 200,
      body: {
        walletAddress: null,
        telegramUsername: null,
        airdropEligible: false,
        snapshotDate: '2025-04-01T00:00:00.000Z',
      },
    });
    expect(await rows()).toHaveLength(0);
  });

  it('creates the record on the first save, updates it afterwards, and removes by setting null', async () => {
    const added = await call('PUT', '/api/rewards/wallet', fan.session.access_token, { walletAddress: ` ${WALLET} ` });
    expect(added).toMatchObject({
      status: 200,
      body: { walletAddress: WALLET, walletAddedAt: '2025-03-01T10:00:00.000Z', airdropEligible: true },
    });
    const telegram = await call('PUT', '/api/rewards/telegram', fan.session.access_token, {
      telegramUsername: '@fanmint_fan',
    });
    expect(telegram.body).toMatchObject({ walletAddress: WALLET, telegramUsername: 'fanmint_fan' });
    expect(await rows()).toHaveLength(1);

    clock.advance(60_000);
    const same = await call('PUT', '/api/rewards/wallet', fan.session.access_token, { walletAddress: WALLET });
    expect(same.body).toMatchObject({ walletAddedAt: '2025-03-01T10:00:00.000Z' });
    const changed = await call('PUT', '/api/rewards/wallet', fan.session.access_token, { walletAddress: OTHER_WALLET });
    expect(changed.body).toMatchObject({ walletAddress: OTHER_WALLET, walletAddedAt: '2025-03-01T10:01:00.000Z' });

    const removed = await call('DELETE', '/api/rewards/telegram', fan.session.access_token);
    expect(removed.body).toMatchObject({ walletAddress: OTHER_WALLET, telegramUsername: null });
    const [row] = await rows();
    expect(row).toMatchObject({ wallet_address: OTHER_WALLET, telegram_username: null });
  });

  it('refuses what is not a Solana address or a Telegram username, with the reason, and changes nothing', async () => {
    const before = await rows();
    const cases: [string, unknown, RegExp][] = [
      ['/api/rewards/wallet', { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }, /base58/],
      ['/api/rewards/wallet', { walletAddress: '3yZe7d' }, /decodes to \d+ bytes instead of 32/],
      ['/api/rewards/wallet', { walletAddress: '' }, /Enter your Solana wallet address/],
      ['/api/rewards/wallet', { walletAddress: 42 }, /walletAddress must be/],
      ['/api/rewards/telegram', { telegramUsername: 'abc' }, /5 to 32 characters/],
      ['/api/rewards/telegram', { telegramUsername: 'fan-mint' }, /5 to 32 characters/],
      ['/api/rewards/telegram', {}, /Enter your Telegram username/],
    ];
    for (const [path, body, message] of cases) {
      const response = await call('PUT', path, fan.session.access_token, body);
      expect(response.status).toBe(400);
      expect(String((response.body as { message: string }).message)).toMatch(message);
    }
    expect(await rows()).toEqual(before);
  });

  it('keeps a wallet to one account', async () => {
    const taken = await call('PUT', '/api/rewards/wallet', stranger.session.access_token, {
      walletAddress: OTHER_WALLET,
    });
    expect(taken).toMatchObject({ status: 409, body: { code: 'wallet_in_use' } });
    expect((await call('GET', '/api/rewards', stranger.session.access_token)).body).toMatchObject({
      walletAddress: null,
    });
  });

  it("answers the spec's messages when signed out, and another user's token only ever reaches its own record", async () => {
    const signedOut: [string, string, string][] = [
      ['PUT', '/api/rewards/wallet', 'You must be logged in to update your wallet'],
      ['DELETE', '/api/rewards/wallet', 'You must be logged in to remove your wallet'],
      ['PUT', '/api/rewards/telegram', 'You must be logged in to update your Telegram username'],
      ['DELETE', '/api/rewards/telegram', 'You must be logged in to remove your Telegram username'],
    ];
    for (const [method, path, message] of signedOut) {
      const response = await call(
        method,
        path,
        null,
        method === 'PUT' ? { walletAddress: WALLET, telegramUsername: 'someone_x' } : undefined,
      );
      expect(response).toMatchObject({ status: 401, body: { message } });
      const forged = await call(
        method,
        path,
        'not-a-jwt',
        method === 'PUT' ? { walletAddress: WALLET, telegramUsername: 'someone_x' } : undefined,
      );
      expect(forged.body).toMatchObject({ message });
    }
    const before = await rows();
    await call('DELETE', '/api/rewards/wallet', stranger.session.access_token);
    await call('PUT', '/api/rewards/telegram', stranger.session.access_token, { telegramUsername: 'stranger_1' });
    const after = await rows();
    expect(after.find((row) => row.wallet_address === OTHER_WALLET)).toEqual(
      before.find((row) => row.wallet_address === OTHER_WALLET),
    );
    expect((await call('GET', '/api/rewards', fan.session.access_token)).body).toMatchObject({
      walletAddress: OTHER_WALLET,
      telegramUsername: null,
    });
  });
});

describe('airdrop eligibility and the admin export', () => {
  it('counts only wallets added before the snapshot, and lets only aal2 admins export them as CSV', async () => {
    clock.set(new Date('2025-04-02T00:00:00Z'));
    const late = await signedInUser(platform);
    const lateWallet = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    const read = await call('PUT', '/api/rewards/wallet', late.session.access_token, { walletAddress: lateWallet });
    expect(read.body).toMatchObject({ airdropEligible: false });

    const admin = await staffSession(platform, 'admin', () => clock.now());
    const moderator = await staffSession(platform, 'moderator', () => clock.now());
    const csv = await call('GET', '/api/admin/rewards/airdrop-export?snapshot=2025-04-01', admin.token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const records = parse(csv.body as string, { columns: true }) as Record<string, string>[];
    const ours = (list: Record<string, string>[]) =>
      list.map((record) => record.wallet_address).filter((wallet) => [OTHER_WALLET, lateWallet].includes(wallet));
    expect(ours(records)).toEqual([OTHER_WALLET]);
    const everything = parse(
      (await call('GET', '/api/admin/rewards/airdrop-export?snapshot=2025-05-01T00:00:00Z', admin.token))
        .body as string,
      { columns: true },
    ) as Record<string, string>[];
    expect(ours(everything)).toEqual([OTHER_WALLET, lateWallet]);
    // Written by the platform's one CSV helper: every cell quoted (the database keeps usernames and wallets formula-free already).
    expect((csv.body as string).split('\n')[0]).toBe(
      '"user_id","wallet_address","wallet_added_at","telegram_username"',
    );

    expect((await call('GET', '/api/admin/rewards/airdrop-export?snapshot=yesterday', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/admin/rewards/airdrop-export?snapshot=2025-04-01', moderator.token)).status).toBe(
      403,
    );
    expect(
      (await call('GET', '/api/admin/rewards/airdrop-export?snapshot=2025-04-01', fan.session.access_token)).status,
    ).toBe(403);
    expect((await call('GET', '/api/admin/rewards/airdrop-export?snapshot=2025-04-01', null)).status).toBe(401);
  });
});
