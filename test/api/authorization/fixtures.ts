import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { callApi, signedInUser, staffSession, verifiedCreator, type ApiResponse, type TestPlatform } from '#app/testing';
import { CARD, postForm, waitFor } from '../commerce-fixtures.js';

/** The kinds of caller every operation is tried with. */
export const ACTORS = ['anonymous', 'fan', 'otherFan', 'buyer', 'owner', 'otherCreator', 'moderatorAal1', 'moderator', 'admin'] as const;
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
  moderatorFactorId: string;
  mediaLink: string;
  imageLink: string;
  idPhotoKeys: string[];
}

const ok = (what: string, response: ApiResponse, status = [200, 201, 202]) => {
  if (!status.includes(response.status)) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
};
const sessionId = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { session_id: string }).session_id;

/** Every actor signed in once, and the owner's objects, built through the api as users build them. */
export async function buildWorld(platform: TestPlatform, storageDir: string): Promise<{ callers: Record<Actor, Caller>; fixtures: Fixtures }> {
  const db = () => platform.api.get(MikroORM).em.fork();
  const [moderator, admin, fan, otherFan, buyer, moderatorAal1] = await Promise.all([
    staffSession(platform, 'moderator'),
    staffSession(platform, 'admin'),
    ...Array.from({ length: 4 }, () => signedInUser(platform)),
  ]);
  const [owner, otherCreator] = await Promise.all([verifiedCreator(platform, { moderator }), verifiedCreator(platform, { moderator })]);
  await db().execute(`update users set app_role = 'moderator' where id = ?`, [moderatorAal1.session.user.id]);
  await moderatorAal1.client.refreshSession();
  const aal1Token = (await moderatorAal1.client.getSession()).data.session!.access_token;

  const slug = `matrix-${randomBytes(3).toString('hex')}`;
  ok('open store', await callApi(platform, 'POST', '/api/stores', owner.token, { slug, displayName: 'Matrix Shop' }));
  ok('other store', await callApi(platform, 'POST', '/api/stores', otherCreator.token, { slug: `${slug}-b`, displayName: 'Other Matrix Shop' }));
  ok(
    'store settings',
    await callApi(platform, 'PATCH', '/api/stores/mine', owner.token, {
      access: { subscriptionEnabled: true, subscriptionPriceMinor: 500 },
      tips: { enabled: true, minimumTipMinor: 300 },
      collaboration: { acceptRequests: true },
    }),
  );

  // An approved item with one processed file (inserted as the upload pipeline leaves it; a moderator approves it) and a draft.
  const itemId = randomUUID();
  const mediaId = randomUUID();
  const now = new Date();
  const fileKey = `matrix-${randomBytes(4).toString('hex')}`;
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  mkdirSync(join(storageDir, 'media'), { recursive: true });
  for (const name of ['thumb', 'clean']) writeFileSync(join(storageDir, 'media', `${fileKey}-${name}.jpg`), photo);
  await db().execute(
    `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, created_at, updated_at)
     values (?, ?, 'album', 'Matrix album', 700, 'USD', 'pending_review', ?, ?, ?)`,
    [itemId, owner.userId, now, now, now],
  );
  await db().execute(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
     values (?, ?, ?, 'image', 'jpeg', 'original.jpg', 1000, 'ready', ?, ?, 0, ?)`,
    [mediaId, itemId, `upload-${randomBytes(8).toString('hex')}`, `${fileKey}-thumb.jpg`, `${fileKey}-clean.jpg`, now],
  );
  for (const step of ['claim', 'approve']) ok(`${step} item`, await callApi(platform, 'POST', `/api/admin/content/${itemId}/${step}`, moderator.token));
  const draftId = ok('draft', await callApi(platform, 'POST', '/api/content', owner.token, { title: 'Matrix draft', kind: 'video', priceMinor: 900, currency: 'USD' })).id as string;
  await platform.drain();

  // The buyer pays for the item and subscribes, on the sandbox acquirer's hosted page.
  const buy = async (body: Record<string, unknown>) => {
    const created = ok('purchase', await callApi(platform, 'POST', '/api/purchases', buyer.session.access_token, { ...body, method: 'card' }, { 'idempotency-key': `matrix-${randomBytes(6).toString('hex')}` }));
    await postForm(created.checkoutUrl as string, CARD);
    const id = created.id as string;
    await waitFor(async () => (await db().execute<{ status: string }[]>(`select status from purchases where id = ?`, [id]))[0]?.status === 'paid', 20_000, 'the payment webhook');
    return id;
  };
  const [purchaseId] = await Promise.all([buy({ kind: 'content', contentId: itemId }), buy({ kind: 'subscription', storeSlug: slug })]);
  await platform.drain();
  const buyerToken = buyer.session.access_token;
  const subscriptionId = (ok('subscriptions', await callApi(platform, 'GET', '/api/subscriptions', buyerToken)).items as { id: string }[])[0].id;
  const cardId = (ok('cards', await callApi(platform, 'GET', '/api/billing/payment-methods', buyerToken)).items as { id: string }[])[0].id;
  const content = ok('bought content', await callApi(platform, 'GET', `/api/purchases/${purchaseId}/content`, buyerToken));
  const mediaLink = /\/api\/media\?token=[^"]+/.exec(JSON.stringify(content))![0];

  // The buyer writes to the owner, the owner answers; the buyer reports the conversation; a fan reports the item.
  const conversationId = ok('conversation', await callApi(platform, 'POST', '/api/messages/conversations', buyerToken, { storeSlug: slug })).id as string;
  const messageId = ok('message', await callApi(platform, 'POST', `/api/messages/conversations/${conversationId}/messages`, owner.token, { clientId: 'matrix-1', text: 'Hello, buyer' })).id as string;
  ok('conversation report', await callApi(platform, 'POST', `/api/messages/conversations/${conversationId}/reports`, buyerToken, { reason: 'spam', details: 'matrix report of a conversation' }));
  ok('content report', await callApi(platform, 'POST', '/api/moderation/reports', fan.session.access_token, { subjectType: 'content', subjectId: itemId, reason: 'spam', details: 'matrix report of an item' }));
  const massMessageId = ok('mass message', await callApi(platform, 'POST', '/api/messages/mass-messages', owner.token, { clientId: 'matrix-mass', segment: 'buyers', contentId: itemId, text: 'News' })).id as string;
  const collaborationId = ok('collaboration request', await callApi(platform, 'POST', `/api/stores/${slug}/collaboration-requests`, otherCreator.token, { message: 'Shall we?' }))
    .id as string;
  await platform.drain();

  const cases = ok('cases', await callApi(platform, 'GET', '/api/admin/moderation/cases', moderator.token)).items as { id: string; subjectId?: string; kind?: string }[];
  const contentCaseId = (cases.find((entry) => JSON.stringify(entry).includes(itemId)) ?? cases[0]).id;
  const messageCaseId = (cases.find((entry) => JSON.stringify(entry).includes(conversationId)) ?? cases[cases.length - 1]).id;
  const verificationId = (await db().execute<{ id: string }[]>(`select id from verification_submissions where user_id = ?`, [owner.userId]))[0].id;
  const idPhotoKeys = (await db().execute<{ user_photo_key: string; id_photo_key: string }[]>(`select user_photo_key, id_photo_key from verification_submissions`)).flatMap(
    (row) => [row.user_photo_key, row.id_photo_key],
  );
  const detail = ok('verification detail', await callApi(platform, 'GET', `/api/admin/verifications/${verificationId}`, moderator.token));
  const imageLink = /\/api\/admin\/verification-images\?token=[^"]+/.exec(JSON.stringify(detail))![0];
  const moderatorFactorId = (await db().execute<{ id: string }[]>(`select id from mfa_factors where user_id = ?`, [moderator.userId]))[0].id;

  const user = (account: { email: string; session: { access_token: string; user: { id: string } } }, token = account.session.access_token) => ({
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
      contentCaseId,
      messageCaseId,
      collaborationId,
      ownerSessionId: sessionId(owner.token),
      moderatorFactorId,
      mediaLink,
      imageLink,
      idPhotoKeys,
    },
  };
}
