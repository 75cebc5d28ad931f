import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  callApi,
  signedInUser,
  staffSession,
  startTestPlatform,
  type TestPlatform,
  verifiedCreator,
} from '#app/testing';

let platform: TestPlatform;
let moderator: Awaited<ReturnType<typeof staffSession>>;
let creator: Awaited<ReturnType<typeof verifiedCreator>>;
let partner: Awaited<ReturnType<typeof verifiedCreator>>;
const slug = `duo-${Date.now().toString(36)}`;

const api = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(platform, method, path, token, body);

async function releaseForm(token: string, id: string, bytes: Buffer, name = 'release.pdf') {
  const form = new FormData();
  form.append('releaseForm', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${platform.baseUrl}/api/collaborations/${id}/release-form`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** An album with one processed photo, featuring `collaboratorIds`, submitted for review. */
async function submittedAlbum(collaboratorIds: string[]): Promise<string> {
  const album = await api('POST', '/api/content', creator.token, {
    kind: 'album',
    title: `Duo shoot ${collaboratorIds.length}`,
    priceMinor: 500,
    currency: 'USD',
  });
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 30, b: 120 } } })
    .jpeg()
    .toBuffer();
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(photo, {
      endpoint: `${platform.baseUrl}/api/uploads`,
      headers: { authorization: `Bearer ${creator.token}` },
      metadata: { contentId: album.body.id, filename: 'duo.jpg' },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
  await platform.drain();
  expect((await api('PATCH', `/api/content/${album.body.id}`, creator.token, { collaboratorIds })).body).toMatchObject({
    collaboratorIds,
  });
  expect((await api('POST', `/api/content/${album.body.id}/submit`, creator.token)).body).toMatchObject({
    status: 'pending_review',
  });
  return album.body.id;
}

async function review(contentId: string) {
  await api('POST', `/api/admin/content/${contentId}/claim`, moderator.token);
  return api('POST', `/api/admin/content/${contentId}/approve`, moderator.token);
}

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-collab-')) },
  });
  moderator = await staffSession(platform, 'moderator');
  creator = await verifiedCreator(platform, { moderator });
  partner = await verifiedCreator(platform, { moderator });
  expect((await api('POST', '/api/stores', creator.token, { slug, displayName: 'Duo Studio' })).status).toBe(201);
});

afterAll(async () => {
  await platform?.close();
});

describe('collaborators', () => {
  let requestId: string;

  it('takes requests only when the store accepts them; the creator sees them', async () => {
    expect(
      (await api('POST', `/api/stores/${slug}/collaboration-requests`, partner.token, { message: 'Shoot together?' }))
        .body,
    ).toMatchObject({ code: 'requests_closed' });
    await api('PATCH', '/api/stores/mine', creator.token, { collaboration: { acceptRequests: true } });
    const request = await api('POST', `/api/stores/${slug}/collaboration-requests`, partner.token, {
      message: 'Shoot together?',
    });
    expect(request.status).toBe(201);
    requestId = request.body.id;
    expect((await api('POST', `/api/stores/${slug}/collaboration-requests`, partner.token, {})).body).toMatchObject({
      code: 'collaboration_exists',
    });
    expect((await api('POST', `/api/stores/${slug}/collaboration-requests`, creator.token, {})).status).toBe(400);
    const mine = (await api('GET', '/api/collaborations', creator.token)).body;
    expect(mine.asCreator).toEqual([
      expect.objectContaining({
        id: requestId,
        collaboratorStore: null,
        collaboratorVerified: true,
        status: 'requested',
        message: 'Shoot together?',
        releaseForm: false,
      }),
    ]);
    expect((await api('GET', '/api/collaborations', partner.token)).body.asCollaborator[0]).toMatchObject({
      id: requestId,
      creatorStore: { name: 'Duo Studio', slug },
    });
  });

  it('rejects at review an item whose collaborator is not on the list yet (automatically, with the reason)', async () => {
    const albumId = await submittedAlbum([partner.userId]);
    const decided = await review(albumId);
    expect(decided.body).toMatchObject({
      status: 'rejected',
      rejectionReason: expect.stringContaining("is not on the creator's collaborator list"),
    });
    const [entry] = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ details: { automatic: string } }[]>(
        `select details from audit_log where target_id = ? and action = 'content.rejected'`,
        [albumId],
      );
    expect(entry.details.automatic).toMatch(/approve refused by the collaborator rule/);
  });

  it('lets only the creator decide; another user cannot approve, change or file forms for someone else', async () => {
    const stranger = await signedInUser(platform);
    for (const [method, path, body] of [
      ['POST', `/api/collaborations/${requestId}/approve`, { canVideos: true, canAlbums: true }],
      ['POST', `/api/collaborations/${requestId}/reject`, undefined],
      ['PUT', `/api/collaborations/${requestId}/permissions`, { canVideos: true, canAlbums: true }],
    ] as const) {
      expect((await api(method, path, stranger.session.access_token, body)).status).toBe(404);
      expect((await api(method, path, partner.token, body)).status).toBe(404);
    }
    expect((await releaseForm(stranger.session.access_token, requestId, Buffer.from('%PDF-1.7 signed'))).status).toBe(
      404,
    );
    expect((await api('GET', '/api/collaborations', creator.token)).body.asCreator[0]).toMatchObject({
      status: 'requested',
    });
  });

  it('clears an item once the collaborator is approved with album permission and a release form is filed', async () => {
    expect(
      (
        await api('POST', `/api/collaborations/${requestId}/approve`, creator.token, {
          canVideos: true,
          canAlbums: false,
        })
      ).body.asCreator[0],
    ).toMatchObject({ status: 'approved', canVideos: true, canAlbums: false });
    const noPermission = await review(await submittedAlbum([partner.userId]));
    expect(noPermission.body.rejectionReason).toMatch(
      /has not given permission for photo albums.*No release form is on file/,
    );

    expect(
      (
        await api('PUT', `/api/collaborations/${requestId}/permissions`, creator.token, {
          canVideos: true,
          canAlbums: true,
        })
      ).status,
    ).toBe(200);
    expect(await releaseForm(creator.token, requestId, Buffer.from('this is not a pdf'))).toMatchObject({
      status: 415,
    });
    expect(
      await releaseForm(partner.token, requestId, Buffer.from('%PDF-1.7\n% signed release form of both parties\n')),
    ).toMatchObject({ status: 200 });
    const [row] = await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ release_form_key: string }[]>(`select release_form_key from collaborations where id = ?`, [requestId]);
    expect(row.release_form_key).toMatch(/^release-forms\//);

    const cleared = await review(await submittedAlbum([partner.userId]));
    expect(cleared.body).toMatchObject({ status: 'approved', collaboratorIds: [partner.userId] });
  });

  it('refuses featuring someone who never asked to collaborate', async () => {
    const stranger = await signedInUser(platform);
    const album = await api('POST', '/api/content', creator.token, {
      kind: 'album',
      title: 'Solo',
      priceMinor: 100,
      currency: 'USD',
    });
    const refused = await api('PATCH', `/api/content/${album.body.id}`, creator.token, {
      collaboratorIds: [stranger.session.user.id],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/has not asked to collaborate with you/) },
    });
    expect(
      (await api('PATCH', `/api/content/${album.body.id}`, creator.token, { collaboratorIds: ['not-a-uuid'] })).status,
    ).toBe(400);
  });
});

describe('privacy', () => {
  it("shows each side by its store's public name, never an account email (issue 17 #3)", async () => {
    const stranger = await signedInUser(platform);
    expect(
      (
        await api('POST', `/api/stores/${slug}/collaboration-requests`, stranger.session.access_token, {
          message: 'hi',
        })
      ).status,
    ).toBe(201);
    const theirs = await api('GET', '/api/collaborations', stranger.session.access_token);
    expect(theirs.body.asCollaborator).toEqual([
      expect.objectContaining({ creatorId: creator.userId, creatorStore: { name: 'Duo Studio', slug } }),
    ]);
    expect(JSON.stringify(theirs.body)).not.toContain(creator.email);
    const mine = await api('GET', '/api/collaborations', creator.token);
    expect(JSON.stringify(mine.body)).not.toContain(stranger.email);
    expect(JSON.stringify(mine.body)).not.toContain(partner.email);
  });
});
