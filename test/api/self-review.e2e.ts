import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import {
  callApi,
  signedInUser,
  staffSession,
  type StaffSession,
  startTestPlatform,
  type TestPlatform,
} from '#app/testing';

/**
 * Issue 17 #9: nobody claims or decides their own work (an ID verification they submitted, content
 * they made, a case they filed or one about their own content), and their own work is not in their
 * queue. Each decision is refused as their own work before any claim is asked for (a claim they
 * held anyway is refused too: libs/platform/src/review/review-claim.spec.ts).
 */
let platform: TestPlatform;
let self: StaffSession;
let other: StaffSession;
let verificationId = '';
let contentId = '';

const api = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(platform, method, path, token, body);

const photo = (seed: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-self-review-')) },
  });
  self = await staffSession(platform, 'moderator');
  other = await staffSession(platform, 'moderator');
});

afterAll(async () => {
  await platform?.close();
});

describe('staff and their own work', () => {
  it('a moderator cannot claim or accept their own ID verification, and does not see it in their queue', async () => {
    const form = new FormData();
    form.append('fullName', 'Morgan Moderator');
    form.append('dateOfBirth', '1990-01-02');
    form.append('country', 'IE');
    form.append('userPhotoWithId', new Blob([new Uint8Array(await photo(1))], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('idPhoto', new Blob([new Uint8Array(await photo(2))], { type: 'image/jpeg' }), 'id.jpg');
    const submitted = await fetch(`${platform.baseUrl}/api/verify-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${self.token}` },
      body: form,
    });
    expect(submitted.status).toBe(201);
    const theirs = (await api('GET', '/api/admin/verifications', other.token)).body.items as {
      id: string;
      userId: string;
      claim: unknown;
    }[];
    verificationId = theirs.find((item) => item.userId === self.userId)!.id;
    // The server says, per row and per item, what the viewer may do: the web shows no Claim button for their own.
    expect(theirs.find((item) => item.id === verificationId)!.claim).toEqual({ state: 'open', expiresAt: null });
    expect((await api('GET', `/api/admin/verifications/${verificationId}`, self.token)).body.claim).toEqual({
      state: 'own_work',
      expiresAt: null,
    });
    expect(await api('POST', `/api/admin/verifications/${verificationId}/claim`, self.token)).toMatchObject({
      status: 403,
      body: { code: 'own_work' },
    });
    expect(
      (await api('GET', '/api/admin/verifications', self.token)).body.items.map((item: { id: string }) => item.id),
    ).not.toContain(verificationId);
    expect(await api('POST', `/api/admin/verifications/${verificationId}/accept`, self.token)).toMatchObject({
      status: 403,
      body: { code: 'own_work' },
    });
    expect((await api('GET', `/api/admin/verifications/${verificationId}`, other.token)).body).toMatchObject({
      status: 'processing',
      claim: { state: 'open', expiresAt: null },
    });
    expect((await api('GET', `/api/admin/verifications/${verificationId}`, self.token)).body.claim).toMatchObject({
      state: 'own_work',
    });
  });

  it('a moderator cannot claim or approve content they made, and does not see it in their queue', async () => {
    // Another moderator decides the verification as usual, so the first can upload.
    const claimed = await api('POST', `/api/admin/verifications/${verificationId}/claim`, other.token);
    expect(claimed).toMatchObject({ status: 200, body: { claim: { state: 'mine', expiresAt: expect.any(String) } } });
    expect(new Date(claimed.body.claim.expiresAt).getTime() - new Date(claimed.body.claimedAt).getTime()).toBe(
      30 * 60_000,
    );
    expect(await api('POST', `/api/admin/verifications/${verificationId}/accept`, other.token)).toMatchObject({
      status: 200,
      body: { claim: { state: 'closed', expiresAt: null } },
    });
    const album = await api('POST', '/api/content', self.token, {
      kind: 'album',
      title: 'My own shoot',
      priceMinor: 500,
      currency: 'USD',
    });
    expect(album.status).toBe(201);
    contentId = album.body.id;
    const bytes = await photo(3);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(bytes, {
        endpoint: `${platform.baseUrl}/api/uploads`,
        headers: { authorization: `Bearer ${self.token}` },
        metadata: { contentId, filename: 'own.jpg' },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    await platform.drain();
    expect((await api('POST', `/api/content/${contentId}/submit`, self.token)).body).toMatchObject({
      status: 'pending_review',
    });

    expect((await api('GET', '/api/admin/content', other.token)).body.items).toContainEqual(
      expect.objectContaining({ id: contentId, claim: { state: 'open', expiresAt: null } }),
    );
    expect((await api('GET', `/api/admin/content/${contentId}`, self.token)).body.claim).toEqual({
      state: 'own_work',
      expiresAt: null,
    });
    expect(await api('POST', `/api/admin/content/${contentId}/claim`, self.token)).toMatchObject({
      status: 403,
      body: { code: 'own_work' },
    });
    expect(
      (await api('GET', '/api/admin/content', self.token)).body.items.map((item: { id: string }) => item.id),
    ).not.toContain(contentId);
    expect(await api('POST', `/api/admin/content/${contentId}/approve`, self.token)).toMatchObject({
      status: 403,
      body: { code: 'own_work' },
    });
    expect(
      await api('POST', `/api/admin/content/${contentId}/reject`, self.token, { reason: 'Rejecting my own work' }),
    ).toMatchObject({ status: 403, body: { code: 'own_work' } });
    expect((await api('GET', `/api/admin/content/${contentId}`, other.token)).body).toMatchObject({
      status: 'pending_review',
      claim: { state: 'open' },
    });
  });

  it('a moderator cannot work a case they filed, or one about their own content or account', async () => {
    const filed = await api('POST', '/api/moderation/reports', self.token, {
      subjectType: 'store',
      subjectId: 'some-store',
      reason: 'spam',
      details: 'This store only posts spam links.',
    });
    const fan = await signedInUser(platform);
    const aboutContent = await api('POST', '/api/moderation/reports', fan.session.access_token, {
      subjectType: 'content',
      subjectId: contentId,
      reason: 'copyright',
      details: 'This album copies my photos.',
    });
    const aboutAccount = await api('POST', '/api/moderation/reports', fan.session.access_token, {
      subjectType: 'account',
      subjectId: self.userId,
      reason: 'impersonation',
      details: 'This account pretends to be me.',
    });
    const cases = [filed, aboutContent, aboutAccount].map((response) => response.body.id as string);
    expect(cases.every(Boolean)).toBe(true);

    const mine = (await api('GET', '/api/admin/moderation/cases', self.token)).body.items.map(
      (item: { id: string }) => item.id,
    );
    const theirRows = (await api('GET', '/api/admin/moderation/cases', other.token)).body.items as {
      id: string;
      claim: unknown;
    }[];
    const theirs = theirRows.map((item) => item.id);
    for (const id of cases) {
      expect(theirRows.find((row) => row.id === id)!.claim).toEqual({ state: 'open', expiresAt: null });
      expect((await api('GET', `/api/admin/moderation/cases/${id}`, self.token)).body.claim).toEqual({
        state: 'own_work',
        expiresAt: null,
      });
      expect(await api('POST', `/api/admin/moderation/cases/${id}/claim`, self.token)).toMatchObject({
        status: 403,
        body: { code: 'own_work' },
      });
      expect(theirs).toContain(id);
      expect(mine).not.toContain(id);
      expect(
        await api('POST', `/api/admin/moderation/cases/${id}/resolve`, self.token, {
          outcome: 'no_action',
          note: 'Nothing wrong with my own work',
        }),
      ).toMatchObject({ status: 403, body: { code: 'own_work' } });
      expect((await api('GET', `/api/admin/moderation/cases/${id}`, other.token)).body).toMatchObject({
        status: 'open',
      });
    }
  });
});
