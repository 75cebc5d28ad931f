import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { FixedClock, signedInUser, staffSession, verifiedCreator, type StaffSession } from '#app/testing';
import { call, startCommercePlatform } from './commerce-fixtures.js';

/** Issue 33 #1 and #8: one entitlement service decides who reads paid or private bytes. */
const clock = new FixedClock(new Date('2026-12-06T12:00:00Z'));
let fixture: Awaited<ReturnType<typeof startCommercePlatform>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
let holder: StaffSession;
let otherModerator: StaffSession;

const api = (method: string, path: string, token: string | null, body?: unknown) =>
  call(fixture.platform, method, path, token, body);
const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: seed, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  fixture = await startCommercePlatform(clock);
  fan = await signedInUser(fixture.platform);
  holder = await staffSession(fixture.platform, 'moderator', () => clock.now());
  otherModerator = await staffSession(fixture.platform, 'moderator', () => clock.now());
}, 120_000);

afterAll(async () => {
  await fixture?.platform.close();
});

describe('a paid item is edited by its owner only (#1)', () => {
  it('refuses a fan PATCH {} and every other write with 404, changes nothing and hands out no file link', async () => {
    const id = await fixture.approvedItem('video', 999, 'Paid video');
    const before = await fixture
      .db()
      .execute<{ updated_at: Date; title: string; teaser: string }[]>(
        `select updated_at, title, teaser from content_items where id = ?`,
        [id],
      );
    const [media] = await fixture
      .db()
      .execute<{ id: string }[]>(`select id from content_media where content_id = ?`, [id]);
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/content/${id}`, {}],
      ['PATCH', `/api/content/${id}`, { title: 'Mine now' }],
      ['PATCH', `/api/content/${id}`, { collaboratorIds: [] }],
      ['PUT', `/api/content/${id}/teaser`, { teaser: 'preview' }],
      ['PUT', `/api/content/${id}/cover`, { mediaId: media.id }],
      ['PUT', `/api/content/${id}/media-order`, { mediaIds: [media.id] }],
      ['POST', `/api/content/${id}/submit`, undefined],
      ['DELETE', `/api/content/${id}/media/${media.id}`, undefined],
      ['GET', `/api/content/${id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const answer = await api(method, path, fan.session.access_token, body);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
      expect(answer.text).not.toMatch(/fileUrl|\/api\/media\?token=/);
    }
    expect(
      await fixture.db().execute(`select updated_at, title, teaser from content_items where id = ?`, [id]),
    ).toEqual(before);
    // The owner still edits and sees the file.
    const own = await api('PATCH', `/api/content/${id}`, fixture.creator.token, {});
    expect(own.status).toBe(200);
    expect(own.body.media[0].fileUrl).toMatch(/^\/api\/media\?token=/);
  });
});

describe('ID images for the staff member who holds the case (#8)', () => {
  let submissionId = '';
  let applicantId = '';

  beforeAll(async () => {
    const applicant = await signedInUser(fixture.platform);
    applicantId = applicant.session.user.id;
    const form = new FormData();
    form.append('fullName', 'Ida Applicant');
    form.append('dateOfBirth', '1990-01-02');
    form.append('country', 'FR');
    form.append('userPhotoWithId', new Blob([new Uint8Array(await photo(10))], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('idPhoto', new Blob([new Uint8Array(await photo(20))], { type: 'image/jpeg' }), 'id.jpg');
    const submitted = await fetch(`${fixture.platform.baseUrl}/api/verify-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${applicant.session.access_token}` },
      body: form,
    });
    expect(submitted.status).toBe(201);
    const [row] = await fixture
      .db()
      .execute<{ id: string }[]>(`select id from verification_submissions where user_id = ?`, [applicantId]);
    submissionId = row.id;
  });

  it('gives no image links to staff who do not hold the claim, and refuses anonymous or forged links', async () => {
    const unclaimed = await api('GET', `/api/admin/verifications/${submissionId}`, holder.token);
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body.images).toEqual({ userPhotoWithId: null, idPhoto: null });
    expect((await api('GET', `/api/admin/verification-images`, null)).status).toBe(401);
    expect((await api('GET', `/api/admin/verification-images`, holder.token)).status).toBe(403);
    expect((await api('GET', `/api/admin/verification-images?token=abc.def`, holder.token)).status).toBe(403);
  });

  it('serves the holder for two minutes, stops when the claim goes to someone else, and audits each read', async () => {
    expect((await api('POST', `/api/admin/verifications/${submissionId}/claim`, holder.token)).status).toBe(200);
    const detail = await api('GET', `/api/admin/verifications/${submissionId}`, holder.token);
    const link: string = detail.body.images.idPhoto;
    expect(link).toMatch(/^\/api\/admin\/verification-images\?token=/);
    expect((await api('GET', `/api/admin/verifications/${submissionId}`, otherModerator.token)).body.images).toEqual({
      userPhotoWithId: null,
      idPhoto: null,
    });

    const reads = async () =>
      Number(
        (
          await fixture
            .db()
            .execute<{ count: string }[]>(
              `select count(*) from audit_log where action = 'verification.image_read' and target_id = ?`,
              [submissionId],
            )
        )[0].count,
      );
    // The link opens nothing on its own: not anonymously, not with another staff member's aal2 session.
    expect((await api('GET', link, null)).status).toBe(401);
    expect((await api('GET', link, otherModerator.token)).status).toBe(403);
    const image = await api('GET', link, holder.token);
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([
      200,
      'image/jpeg',
      'private, no-store, max-age=0',
    ]);
    expect(await reads()).toBe(1);

    expect((await api('POST', `/api/admin/verifications/${submissionId}/release`, holder.token)).status).toBe(200);
    expect((await api('GET', link, holder.token)).status).toBe(403);
    expect((await api('POST', `/api/admin/verifications/${submissionId}/claim`, holder.token)).status).toBe(200);
    expect((await api('GET', link, holder.token)).status).toBe(200);
    expect(await reads()).toBe(2);
    clock.advance(121_000);
    expect((await api('GET', link, holder.token)).status).toBe(403);
    expect(await reads()).toBe(2);
  });

  it('answers 404, not 500, when the stored image is gone', async () => {
    const link: string = (await api('GET', `/api/admin/verifications/${submissionId}`, holder.token)).body.images
      .idPhoto;
    const [row] = await fixture
      .db()
      .execute<{ id_photo_key: string }[]>(`select id_photo_key from verification_submissions where id = ?`, [
        submissionId,
      ]);
    rmSync(join(fixture.storageDir, 'private', row.id_photo_key));
    expect((await api('GET', link, holder.token)).status).toBe(404);
  });
});

describe('a deleted store', () => {
  it('leaves no banner or avatar in storage', async () => {
    const owner = await verifiedCreator(fixture.platform, { moderator: fixture.moderator, now: () => clock.now() });
    expect(
      (
        await api('POST', '/api/stores', owner.token, {
          slug: `gone-${randomBytes(3).toString('hex')}`,
          displayName: 'Closing Down',
        })
      ).status,
    ).toBe(201);
    for (const [kind, width, height] of [
      ['banner', 1600, 400],
      ['avatar', 400, 400],
    ] as const) {
      const form = new FormData();
      const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 9, g: 99, b: 9 } } })
        .jpeg()
        .toBuffer();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${kind}.jpg`);
      const uploaded = await fetch(`${fixture.platform.baseUrl}/api/stores/mine/${kind}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
    }
    const [row] = await fixture
      .db()
      .execute<{ banner_key: string; avatar_key: string }[]>(
        `select banner_key, avatar_key from stores where owner_id = ?`,
        [owner.userId],
      );
    const files = [row.banner_key, row.avatar_key].map((key) => join(fixture.storageDir, 'store-images', key));
    expect(files.map((file) => existsSync(file))).toEqual([true, true]);

    expect((await api('DELETE', '/api/account', owner.token, { password: owner.password })).status).toBe(200);
    await fixture.platform.drain();
    expect(files.map((file) => existsSync(file))).toEqual([false, false]);
    expect(
      await fixture.db().execute(`select banner_key, avatar_key from stores where owner_id = ?`, [owner.userId]),
    ).toEqual([{ banner_key: null, avatar_key: null }]);
  });
});

describe("an adult store's images show exactly where its page does", () => {
  let owner: Awaited<ReturnType<typeof verifiedCreator>>;
  let slug = '';
  let mediaId = '';
  const raw = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${fixture.platform.baseUrl}${path}`, { headers });

  beforeAll(async () => {
    owner = await verifiedCreator(fixture.platform, { moderator: fixture.moderator, now: () => clock.now() });
    slug = `adult-${randomBytes(3).toString('hex')}`;
    expect((await api('POST', '/api/stores', owner.token, { slug, displayName: 'After Dark' })).status).toBe(201);
    expect((await api('PATCH', '/api/stores/mine', owner.token, { nsfw: { isNsfw: true } })).status).toBe(200);
    const form = new FormData();
    form.append(
      'image',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 1600, height: 400, channels: 3, background: { r: 90, g: 9, b: 9 } } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        { type: 'image/jpeg' },
      ),
      'banner.jpg',
    );
    expect(
      (
        await fetch(`${fixture.platform.baseUrl}/api/stores/mine/banner`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${owner.token}` },
          body: form,
        })
      ).status,
    ).toBe(200);
    const contentId = await fixture.approvedItem('album', 500, 'Adult album', owner);
    [{ id: mediaId }] = await fixture
      .db()
      .execute<{ id: string }[]>(`select id from content_media where content_id = ?`, [contentId]);
    // The fixture's file names a thumbnail that is not on disk: give it one for the blurred preview.
    mkdirSync(join(fixture.storageDir, 'media'), { recursive: true });
    writeFileSync(join(fixture.storageDir, 'media', 'thumb.jpg'), await photo(200));
  });

  it("loads the banner for the owner's settings and for a signed-in fan on a fresh device (no cookie, no bearer on the <img>)", async () => {
    const settings = await api('GET', '/api/stores/mine', owner.token);
    const fanView = await api('GET', `/api/stores/${slug}`, fan.session.access_token);
    for (const url of [settings.body.images.bannerUrl as string, fanView.body.bannerUrl as string]) {
      expect(url).toMatch(/\?token=/);
      const image = await raw(url);
      expect([image.status, image.headers.get('cache-control')]).toEqual([200, 'private, max-age=31536000, immutable']);
    }
    // Without its link or the age check the image is refused, as the page is.
    const plain = (fanView.body.bannerUrl as string).split('?')[0];
    expect((await raw(plain)).status).toBe(401);
    expect((await raw(`${plain}?token=forged.token`)).status).toBe(401);
  });

  it('shows blurred previews only through links given to those who may see the store', async () => {
    expect((await raw(`/api/media/${mediaId}/blurred`)).status).toBe(404);
    const content = await api('GET', `/api/stores/${slug}/content`, fan.session.access_token);
    const blurred: string = content.body.items[0].media[0].blurredUrl;
    expect(blurred).toMatch(new RegExp(`^/api/media/${mediaId}/blurred\\?token=`));
    expect((await raw(blurred)).status).toBe(200);
    // An age-checked browser without an account sees them too.
    const passed = await fetch(`${fixture.platform.baseUrl}/api/age-check`, { method: 'POST' });
    const cookie = passed.headers.get('set-cookie')!.split(';')[0];
    const visitorContent = await call(fixture.platform, 'GET', `/api/stores/${slug}/content`, null, undefined, {
      cookie,
    });
    expect((await raw(visitorContent.body.items[0].media[0].blurredUrl)).status).toBe(200);
    expect((await call(fixture.platform, 'GET', `/api/stores/${slug}/content`, null)).status).toBe(401);
  });
});
