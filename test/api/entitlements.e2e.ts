import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FixedClock, signedInUser, staffSession, type StaffSession } from '#app/testing';
import { call, startCommercePlatform } from './commerce-fixtures.js';

/** Issue 33 #1 and #8: one entitlement service decides who reads paid or private bytes. */
const clock = new FixedClock(new Date('2026-12-06T12:00:00Z'));
let fixture: Awaited<ReturnType<typeof startCommercePlatform>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
let holder: StaffSession;
let otherModerator: StaffSession;

const api = (method: string, path: string, token: string | null, body?: unknown) => call(fixture.platform, method, path, token, body);
const photo = (seed: number) => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: seed, g: 80, b: 120 } } }).jpeg().toBuffer();

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
    const before = await fixture.db().execute<{ updated_at: Date; title: string; teaser: string }[]>(`select updated_at, title, teaser from content_items where id = ?`, [id]);
    const [media] = await fixture.db().execute<{ id: string }[]>(`select id from content_media where content_id = ?`, [id]);
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
    expect(await fixture.db().execute(`select updated_at, title, teaser from content_items where id = ?`, [id])).toEqual(before);
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
    const submitted = await fetch(`${fixture.platform.baseUrl}/api/verify-user`, { method: 'POST', headers: { authorization: `Bearer ${applicant.session.access_token}` }, body: form });
    expect(submitted.status).toBe(201);
    const [row] = await fixture.db().execute<{ id: string }[]>(`select id from verification_submissions where user_id = ?`, [applicantId]);
    submissionId = row.id;
  });

  it('gives no image links to staff who do not hold the claim, and refuses anonymous or forged links', async () => {
    const unclaimed = await api('GET', `/api/admin/verifications/${submissionId}`, holder.token);
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body.images).toEqual({ userPhotoWithId: null, idPhoto: null });
    expect((await api('GET', `/api/admin/verification-images`, null)).status).toBe(403);
    expect((await api('GET', `/api/admin/verification-images?token=abc.def`, holder.token)).status).toBe(403);
  });

  it('serves the holder for two minutes, stops when the claim goes to someone else, and audits each read', async () => {
    expect((await api('POST', `/api/admin/verifications/${submissionId}/claim`, holder.token)).status).toBe(200);
    const detail = await api('GET', `/api/admin/verifications/${submissionId}`, holder.token);
    const link: string = detail.body.images.idPhoto;
    expect(link).toMatch(/^\/api\/admin\/verification-images\?token=/);
    expect((await api('GET', `/api/admin/verifications/${submissionId}`, otherModerator.token)).body.images).toEqual({ userPhotoWithId: null, idPhoto: null });

    const reads = async () =>
      Number((await fixture.db().execute<{ count: string }[]>(`select count(*) from audit_log where action = 'verification.image_read' and target_id = ?`, [submissionId]))[0].count);
    const image = await api('GET', link, null);
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'private, no-store, max-age=0']);
    expect(await reads()).toBe(1);

    expect((await api('POST', `/api/admin/verifications/${submissionId}/release`, holder.token)).status).toBe(200);
    expect((await api('GET', link, null)).status).toBe(403);
    expect((await api('POST', `/api/admin/verifications/${submissionId}/claim`, holder.token)).status).toBe(200);
    expect((await api('GET', link, null)).status).toBe(200);
    expect(await reads()).toBe(2);
    clock.advance(121_000);
    expect((await api('GET', link, null)).status).toBe(403);
    expect(await reads()).toBe(2);
  });

  it('answers 404, not 500, when the stored image is gone', async () => {
    const link: string = (await api('GET', `/api/admin/verifications/${submissionId}`, holder.token)).body.images.idPhoto;
    const [row] = await fixture.db().execute<{ id_photo_key: string }[]>(`select id_photo_key from verification_submissions where id = ?`, [submissionId]);
    rmSync(join(fixture.storageDir, 'private', row.id_photo_key));
    expect((await api('GET', link, null)).status).toBe(404);
  });
});
