import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  approvedContent,
  callApi,
  changeRole,
  makeStaff,
  readApiResponse,
  signedInUser,
  staffSession,
  tusUpload,
  verifiedCreator,
  type ApiResponse,
  type TestPlatform,
} from '#app/testing';
import { CARD, postForm, waitFor } from '../commerce-fixtures.js';

/** The kinds of caller every operation is tried with. */
export const ACTORS = [
  'anonymous',
  'fan',
  'otherFan',
  'buyer',
  'owner',
  'otherCreator',
  'moderatorAal1',
  'moderator',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];

export interface Caller {
  token: string | null;
  email: string | null;
  userId: string | null;
}

/** One object of each kind, owned by the owner creator (or, for what a fan owns, by the buyer). */
export interface Fixtures {
  slug: string;
  ownerId: string;
  buyerId: string;
  itemId: string;
  draftId: string;
  mediaId: string;
  purchaseId: string;
  subscriptionId: string;
  cardId: string;
  conversationId: string;
  messageId: string;
  massMessageId: string;
  postId: string;
  commentId: string;
  verificationId: string;
  contentCaseId: string;
  messageCaseId: string;
  collaborationId: string;
  ownerSessionId: string;
  /** Staff members' own subjects, which they never decide: the moderator's verification, the item featuring them and their account case; the admin's item and purchase. */
  own: { verificationId: string; itemId: string; caseId: string; adminItemId: string; adminPurchaseId: string };
  moderatorFactorId: string;
  mediaLink: string;
  imageLink: string;
  idPhotoKeys: string[];
}

const ok = (what: string, response: ApiResponse, status = [200, 201, 202]) => {
  if (!status.includes(response.status)) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
};
const sessionId = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { session_id: string }).session_id;

/**
 * Every actor signed in once, and the owner's objects, built through the api as users build them. The
 * admin was a verified creator with an approved album before an admin made them admin; the moderator
 * is featured in another creator's album pending review (asked to collaborate, then named on the draft),
 * and has an ID check of their own pending.
 */
export async function buildWorld(
  platform: TestPlatform,
): Promise<{ callers: Record<Actor, Caller>; fixtures: Fixtures }> {
  const db = () => platform.api.get(MikroORM).em.fork();
  const api = async (
    what: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => ok(what, await callApi(platform, method, path, token, body, headers));
  const [moderator, fan, otherFan, buyer, moderatorAal1] = await Promise.all([
    staffSession(platform, 'moderator'),
    ...Array.from({ length: 4 }, () => signedInUser(platform)),
  ]);
  const [owner, otherCreator, adminCreator, featuring] = await Promise.all(
    Array.from({ length: 4 }, () => verifiedCreator(platform, { moderator })),
  );
  await changeRole(platform, moderatorAal1.session.user.id, 'moderator');
  await moderatorAal1.client.refreshSession();
  const aal1Token = (await moderatorAal1.client.getSession()).data.session!.access_token;

  const slug = `matrix-${randomBytes(3).toString('hex')}`;
  await api('open store', 'POST', '/api/stores', owner.token, { slug, displayName: 'Matrix Shop' });
  await api('other store', 'POST', '/api/stores', otherCreator.token, {
    slug: `${slug}-b`,
    displayName: 'Other Matrix Shop',
  });
  await api('featuring store', 'POST', '/api/stores', featuring.token, {
    slug: `${slug}-c`,
    displayName: 'Featuring Matrix Shop',
  });
  await api('store settings', 'PATCH', '/api/stores/mine', owner.token, {
    access: { subscriptionEnabled: true, subscriptionPriceMinor: 500 },
    tips: { enabled: true, minimumTipMinor: 300 },
    collaboration: { acceptRequests: true },
  });
  await api('featuring store settings', 'PATCH', '/api/stores/mine', featuring.token, {
    collaboration: { acceptRequests: true },
  });
  await api('moderator asks to collaborate', 'POST', `/api/stores/${slug}-c/collaboration-requests`, moderator.token, {
    message: 'Feature me',
  });

  // Albums with one photo, uploaded over tus and processed by the worker; the moderator approves the owner's and the admin's.
  const album = { kind: 'album' as const, title: 'Matrix album', priceMinor: 700, currency: 'USD' };
  const featuredAlbum = async (creatorToken: string, collaboratorId: string) => {
    const id = (await api('featured draft', 'POST', '/api/content', creatorToken, album)).id as string;
    await api('name the collaborator', 'PATCH', `/api/content/${id}`, creatorToken, {
      collaboratorIds: [collaboratorId],
    });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const upload = await tusUpload(platform.baseUrl, creatorToken, photo, {
      contentId: id,
      filename: 'photo.jpg',
      filetype: 'image/jpeg',
    });
    if (upload.error) throw upload.error;
    await platform.drain();
    await waitFor(
      async () => {
        const submitted = await callApi(platform, 'POST', `/api/content/${id}/submit`, creatorToken);
        if (submitted.body?.code === 'media_processing') return false;
        ok('submit featured album', submitted);
        return true;
      },
      60_000,
      'the featured album to be processed',
    );
    return id;
  };
  const [itemId, adminItemId, moderatorItemId] = await Promise.all([
    approvedContent(platform, owner.token, moderator.token, album),
    approvedContent(platform, adminCreator.token, moderator.token, album),
    featuredAlbum(featuring.token, moderator.userId),
  ]);
  const mediaId = ((await api('item', 'GET', `/api/content/${itemId}`, owner.token)).media as { id: string }[])[0].id;
  const admin = await makeStaff(platform, adminCreator, 'admin');
  const draft = { title: 'Matrix draft', kind: 'video', priceMinor: 900, currency: 'USD' };
  const draftId = (await api('draft', 'POST', '/api/content', owner.token, draft)).id as string;
  await platform.drain();

  // The buyer pays for the item and subscribes, and the admin buys the item too, on the sandbox acquirer's hosted page.
  const paid = async (id: string) =>
    (await db().execute<{ status: string }[]>(`select status from purchases where id = ?`, [id]))[0]?.status === 'paid';
  const buy = async (body: Record<string, unknown>, token = buyer.session.access_token) => {
    const key = { 'idempotency-key': `matrix-${randomBytes(6).toString('hex')}` };
    const created = await api('purchase', 'POST', '/api/purchases', token, { ...body, method: 'card' }, key);
    await postForm(created.checkoutUrl as string, CARD);
    await waitFor(() => paid(created.id as string), 20_000, 'the payment webhook');
    return created.id as string;
  };
  const [purchaseId, , adminPurchaseId] = await Promise.all([
    buy({ kind: 'content', contentId: itemId }),
    buy({ kind: 'subscription', storeSlug: slug }),
    buy({ kind: 'content', contentId: itemId }, admin.token),
  ]);
  await platform.drain();
  const buyerToken = buyer.session.access_token;
  const subscriptionId = (
    (await api('subscriptions', 'GET', '/api/subscriptions', buyerToken)).items as { id: string }[]
  )[0].id;
  const cardId = ((await api('cards', 'GET', '/api/billing/payment-methods', buyerToken)).items as { id: string }[])[0]
    .id;
  const content = await api('bought content', 'GET', `/api/purchases/${purchaseId}/content`, buyerToken);
  const mediaLink = /\/api\/media\?token=[^"]+/.exec(JSON.stringify(content))![0];

  // The buyer writes to the owner, who answers; the buyer reports the conversation; a fan reports the item and the moderator.
  const conversationId = (
    await api('conversation', 'POST', '/api/messages/conversations', buyerToken, { storeSlug: slug })
  ).id as string;
  const conversation = `/api/messages/conversations/${conversationId}`;
  const messageId = (
    await api('message', 'POST', `${conversation}/messages`, owner.token, {
      clientId: 'matrix-1',
      text: 'Hello, buyer',
    })
  ).id as string;
  await api('conversation report', 'POST', `${conversation}/reports`, buyerToken, {
    reason: 'spam',
    details: 'matrix report of a conversation',
  });
  const report = (subjectType: string, subjectId: string) => ({
    subjectType,
    subjectId,
    reason: 'spam',
    details: `matrix report of ${subjectType}`,
  });
  await api('content report', 'POST', '/api/moderation/reports', fan.session.access_token, report('content', itemId));
  const ownCase = await api(
    'account report',
    'POST',
    '/api/moderation/reports',
    fan.session.access_token,
    report('account', moderator.userId),
  );
  const form = await verificationForm();
  const submitted = await fetch(`${platform.baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${moderator.token}` },
    body: form,
  });
  ok('own verification', await readApiResponse(submitted));
  const submissionOf = async (userId: string) =>
    (await db().execute<{ id: string }[]>(`select id from verification_submissions where user_id = ?`, [userId]))[0].id;
  const massMessage = { clientId: 'matrix-mass', segment: 'buyers', contentId: itemId, text: 'News' };
  const massMessageId = (await api('mass message', 'POST', '/api/messages/mass-messages', owner.token, massMessage))
    .id as string;
  // The owner posts on the store; the buyer comments on it.
  const postId = (await api('post', 'POST', '/api/posts', owner.token, { text: 'Matrix post', audience: 'free' }))
    .id as string;
  const commentId = (
    await api('comment', 'POST', `/api/posts/${postId}/comments`, buyerToken, { text: 'Matrix comment' })
  ).id as string;
  const collaboration = await api(
    'collaboration',
    'POST',
    `/api/stores/${slug}/collaboration-requests`,
    otherCreator.token,
    { message: 'Shall we?' },
  );
  await platform.drain();

  const cases = (await api('cases', 'GET', '/api/admin/moderation/cases', moderator.token)).items as { id: string }[];
  const caseAbout = (id: string) => cases.find((entry) => JSON.stringify(entry).includes(id))!.id;
  const verificationId = await submissionOf(owner.userId);
  const keys = await db().execute<{ user_photo_key: string; id_photo_key: string }[]>(
    `select user_photo_key, id_photo_key from verification_submissions`,
  );
  // ID images are linked only for the reviewer holding a pending case: a fan applies and the moderator claims it.
  const fanSubmitted = await fetch(`${platform.baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fan.session.access_token}` },
    body: await verificationForm(),
  });
  ok('fan verification', await readApiResponse(fanSubmitted));
  const pendingVerificationId = await submissionOf(fan.session.user.id);
  await api('verification claim', 'POST', `/api/admin/verifications/${pendingVerificationId}/claim`, moderator.token);
  const detail = await api(
    'verification detail',
    'GET',
    `/api/admin/verifications/${pendingVerificationId}`,
    moderator.token,
  );
  const imageLink = /\/api\/admin\/verification-images\?token=[^"]+/.exec(JSON.stringify(detail))![0];
  const moderatorFactorId = (
    await db().execute<{ id: string }[]>(`select id from mfa_factors where user_id = ?`, [moderator.userId])
  )[0].id;

  const user = (
    account: { email: string; session: { access_token: string; user: { id: string } } },
    token = account.session.access_token,
  ) => ({
    token,
    email: account.email,
    userId: account.session.user.id,
  });
  return {
    callers: {
      anonymous: { token: null, email: null, userId: null },
      fan: user(fan),
      otherFan: user(otherFan),
      buyer: user(buyer),
      owner: user(owner, owner.token),
      otherCreator: user(otherCreator, otherCreator.token),
      moderatorAal1: user(moderatorAal1, aal1Token),
      moderator: user(moderator, moderator.token),
      admin: user(admin, admin.token),
    },
    fixtures: {
      slug,
      ownerId: owner.userId,
      buyerId: buyer.session.user.id,
      itemId,
      draftId,
      mediaId,
      purchaseId,
      subscriptionId,
      cardId,
      conversationId,
      messageId,
      massMessageId,
      postId,
      commentId,
      verificationId,
      contentCaseId: caseAbout(itemId),
      messageCaseId: caseAbout(conversationId),
      collaborationId: collaboration.id as string,
      ownerSessionId: sessionId(owner.token),
      own: {
        verificationId: await submissionOf(moderator.userId),
        itemId: moderatorItemId,
        caseId: ownCase.id as string,
        adminItemId,
        adminPurchaseId,
      },
      moderatorFactorId,
      mediaLink,
      imageLink,
      idPhotoKeys: keys.flatMap((row) => [row.user_photo_key, row.id_photo_key]),
    },
  };
}

async function verificationForm(): Promise<FormData> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5a7fa0' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  for (const [name, value] of [
    ['fullName', 'Morgan Moderator'],
    ['dateOfBirth', '1990-01-02'],
    ['country', 'IE'],
  ])
    form.append(name, value);
  for (const name of ['userPhotoWithId', 'idPhoto'])
    form.append(name, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${name}.jpg`);
  return form;
}
