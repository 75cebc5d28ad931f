import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  callApi,
  changeRole,
  readApiResponse,
  signedInUser,
  staffSession,
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
  verificationId: string;
  contentCaseId: string;
  messageCaseId: string;
  collaborationId: string;
  ownerSessionId: string;
  /** Staff members' own subjects, which they never decide: the moderator's verification, item and account case; the admin's item and purchase. */
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

/** Every actor signed in once, and the owner's objects, built through the api as users build them. */
export async function buildWorld(
  platform: TestPlatform,
  storageDir: string,
): Promise<{ callers: Record<Actor, Caller>; fixtures: Fixtures }> {
  const db = () => platform.api.get(MikroORM).em.fork();
  const [moderator, admin, fan, otherFan, buyer, moderatorAal1] = await Promise.all([
    staffSession(platform, 'moderator'),
    staffSession(platform, 'admin'),
    ...Array.from({ length: 4 }, () => signedInUser(platform)),
  ]);
  const [owner, otherCreator] = await Promise.all([
    verifiedCreator(platform, { moderator }),
    verifiedCreator(platform, { moderator }),
  ]);
  await changeRole(platform, moderatorAal1.session.user.id, 'moderator');
  await moderatorAal1.client.refreshSession();
  const aal1Token = (await moderatorAal1.client.getSession()).data.session!.access_token;

  const slug = `matrix-${randomBytes(3).toString('hex')}`;
  ok('open store', await callApi(platform, 'POST', '/api/stores', owner.token, { slug, displayName: 'Matrix Shop' }));
  ok(
    'other store',
    await callApi(platform, 'POST', '/api/stores', otherCreator.token, {
      slug: `${slug}-b`,
      displayName: 'Other Matrix Shop',
    }),
  );
  ok(
    'store settings',
    await callApi(platform, 'PATCH', '/api/stores/mine', owner.token, {
      access: { subscriptionEnabled: true, subscriptionPriceMinor: 500 },
      tips: { enabled: true, minimumTipMinor: 300 },
      collaboration: { acceptRequests: true },
    }),
  );

  // Items with one processed file, inserted in review as the upload pipeline leaves them; a moderator approves the owner's and the admin's.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  mkdirSync(join(storageDir, 'media'), { recursive: true });
  const submittedItem = async (creatorId: string) => {
    const [itemId, mediaId, fileKey, now] = [
      randomUUID(),
      randomUUID(),
      `matrix-${randomBytes(4).toString('hex')}`,
      new Date(),
    ];
    for (const name of ['thumb', 'clean']) writeFileSync(join(storageDir, 'media', `${fileKey}-${name}.jpg`), photo);
    await db().execute(
      `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, created_at, updated_at)
       values (?, ?, 'album', 'Matrix album', 700, 'USD', 'pending_review', ?, ?, ?)`,
      [itemId, creatorId, now, now, now],
    );
    await db().execute(
      `insert into content_media
         (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
       values (?, ?, ?, 'image', 'jpeg', 'original.jpg', 1000, 'ready', ?, ?, 0, ?)`,
      [
        mediaId,
        itemId,
        `upload-${randomBytes(8).toString('hex')}`,
        `${fileKey}-thumb.jpg`,
        `${fileKey}-clean.jpg`,
        now,
      ],
    );
    return { itemId, mediaId };
  };
  const approve = async (id: string) => {
    for (const step of ['claim', 'approve'])
      ok(`${step} item`, await callApi(platform, 'POST', `/api/admin/content/${id}/${step}`, moderator.token));
  };
  const { itemId, mediaId } = await submittedItem(owner.userId);
  const adminItemId = (await submittedItem(admin.userId)).itemId;
  const moderatorItemId = (await submittedItem(moderator.userId)).itemId;
  await approve(itemId);
  await approve(adminItemId);
  const api = async (
    what: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => ok(what, await callApi(platform, method, path, token, body, headers));
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
