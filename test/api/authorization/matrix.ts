import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { ACTORS, type Actor, type Fixtures } from './fixtures.js';

/**
 * What every operation of the OpenAPI document answers to each kind of caller, keyed by
 * `METHOD /path` as the document spells it. The suite fails on an operation without a row, so a new
 * route needs one. 'ok' is any 2xx; a number is the exact status; 'skip' is a call that would undo
 * the fixtures (sign out, delete the account, decide a case), covered by the area's own suite.
 */
export type Outcome = number | 'ok' | 'skip';
export type Expectation = Record<Actor, Outcome>;

export interface Row {
  expect: Expectation;
  /** The concrete path (and query) for the fixtures; by default the document's path with the owner's objects. */
  path?: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** A multipart body: a small photo as `image` or as a signed `releaseForm`, or a form without files. */
  form?: 'image' | 'releaseForm' | 'empty';
  headers?: Record<string, string>;
  /** Callers whose answers may carry the object's signed links and the other party's address. */
  entitled?: Actor[];
  /** The same call by a staff member on their own subject (their item, verification, account or purchase): always 403. */
  own?: Partial<Record<'moderator' | 'admin', (f: Fixtures) => string>>;
}

const every = (outcome: Outcome): Expectation =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as Expectation;
/** Open to anyone, signed in or not. */
const open = (outcome: Outcome = 'ok', more: Partial<Expectation> = {}): Expectation => ({
  ...every(outcome),
  ...more,
});
/** Any signed-in user, on their own records. */
const signedIn = (outcome: Outcome = 'ok', more: Partial<Expectation> = {}): Expectation => ({
  ...every(outcome),
  anonymous: 401,
  ...more,
});
/** One object: the named callers may act on it, every other signed-in caller is told it does not exist. */
const owned = (allowed: Partial<Expectation>, refused = 404): Expectation => ({
  ...every(refused),
  anonymous: 401,
  ...allowed,
});
/** The staff console: moderators and admins with a second factor. */
const staff = (outcome: Outcome = 'ok', more: Partial<Expectation> = {}): Expectation => ({
  ...every(403),
  anonymous: 401,
  moderator: outcome,
  admin: outcome,
  ...more,
});
const adminOnly = (outcome: Outcome = 'ok') => staff(outcome, { moderator: 403 });
const creators = (outcome: Outcome = 'ok', fans: Outcome = 403, more: Partial<Expectation> = {}): Expectation =>
  signedIn(fans, { owner: outcome, otherCreator: outcome, ...more });

/** Fans and the password-only moderator: refused before the object is looked at (they are no verified creators). */

const reason = () => ({ reason: 'matrix test reason', note: 'matrix test note' });
const STAFF: Actor[] = ['moderator', 'admin'];

export const MATRIX: Record<string, Row> = {
  // Account: the caller's own records only. Deleting needs the password again, or (2FA on) a code verified on this session,
  // as the staff sessions just did: theirs are not called.
  'DELETE /api/account': { expect: signedIn(400, { moderator: 'skip', admin: 'skip' }), body: () => ({}) },
  'DELETE /api/account/avatar': { expect: signedIn() },
  'GET /api/account/avatar': { expect: signedIn() },
  'PUT /api/account/avatar': { expect: signedIn(), form: 'image' },
  'GET /api/account/deletion': { expect: signedIn() },
  'GET /api/account/export': { expect: signedIn() },
  'GET /api/account/export/purchases.csv': { expect: signedIn() },
  'POST /api/account/reauthenticate': {
    expect: signedIn(400, { moderator: 403, admin: 403 }),
    body: () => ({ password: 'not-the-password-1!' }),
  },
  'GET /api/account/recovery-codes': { expect: signedIn() },
  'POST /api/account/recovery-codes': { expect: signedIn(403, { moderator: 'skip', admin: 'skip' }) },
  'POST /api/account/recovery-codes/redeem': {
    expect: signedIn(422, { moderator: 400, admin: 400 }),
    body: () => ({ code: 'aaaa-bbbb-cccc' }),
  },
  'GET /api/account/sessions': { expect: signedIn() },
  'DELETE /api/account/sessions/{id}': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/account/sessions/${f.ownerSessionId}`,
  },

  // The staff console.
  'GET /api/admin/analytics/summary': { expect: staff() },
  'GET /api/admin/audit-log': { expect: adminOnly(), entitled: ['admin'] },
  'GET /api/admin/content': { expect: staff(), entitled: STAFF },
  'GET /api/admin/content/{id}': { expect: staff(), path: (f) => `/api/admin/content/${f.itemId}`, entitled: STAFF },
  'POST /api/admin/content/{id}/approve': {
    expect: staff('skip'),
    path: (f) => `/api/admin/content/${f.draftId}/approve`,
    own: { moderator: (f) => `/api/admin/content/${f.own.itemId}/approve` },
  },
  'POST /api/admin/content/{id}/claim': {
    expect: staff('skip'),
    path: (f) => `/api/admin/content/${f.draftId}/claim`,
    own: { moderator: (f) => `/api/admin/content/${f.own.itemId}/claim` },
  },
  'POST /api/admin/content/{id}/reject': {
    expect: staff('skip'),
    path: (f) => `/api/admin/content/${f.draftId}/reject`,
    body: reason,
    own: { moderator: (f) => `/api/admin/content/${f.own.itemId}/reject` },
  },
  'POST /api/admin/content/{id}/release': {
    expect: staff('skip'),
    path: (f) => `/api/admin/content/${f.draftId}/release`,
  },
  'POST /api/admin/content/{id}/remove': {
    expect: adminOnly('skip'),
    path: (f) => `/api/admin/content/${f.itemId}/remove`,
    body: reason,
    own: { admin: (f) => `/api/admin/content/${f.own.adminItemId}/remove` },
  },
  'POST /api/admin/content/{id}/restore': {
    expect: adminOnly('skip'),
    path: (f) => `/api/admin/content/${f.itemId}/restore`,
    body: reason,
    own: { admin: (f) => `/api/admin/content/${f.own.adminItemId}/restore` },
  },
  'GET /api/admin/me': { expect: staff() },
  'GET /api/admin/messages/reports/{caseId}': {
    expect: staff(),
    path: (f) => `/api/admin/messages/reports/${f.messageCaseId}`,
    entitled: STAFF,
  },
  'GET /api/admin/moderation/cases': { expect: staff(), entitled: STAFF },
  'GET /api/admin/moderation/cases/{id}': {
    expect: staff(),
    path: (f) => `/api/admin/moderation/cases/${f.contentCaseId}`,
    entitled: STAFF,
  },
  'POST /api/admin/moderation/cases/{id}/claim': {
    expect: staff('skip'),
    path: (f) => `/api/admin/moderation/cases/${f.contentCaseId}/claim`,
    own: { moderator: (f) => `/api/admin/moderation/cases/${f.own.caseId}/claim` },
  },
  'POST /api/admin/moderation/cases/{id}/release': {
    expect: staff('skip'),
    path: (f) => `/api/admin/moderation/cases/${f.contentCaseId}/release`,
  },
  'POST /api/admin/moderation/cases/{id}/resolve': {
    expect: staff('skip'),
    path: (f) => `/api/admin/moderation/cases/${f.contentCaseId}/resolve`,
    body: () => ({ outcome: 'no_action', note: 'matrix note' }),
    own: { moderator: (f) => `/api/admin/moderation/cases/${f.own.caseId}/resolve` },
  },
  'GET /api/admin/moderation/compliance-reports': { expect: adminOnly() },
  'GET /api/admin/moderation/compliance-reports/{id}/csv': { expect: adminOnly(404) },
  'GET /api/admin/payouts/runs': { expect: adminOnly() },
  'POST /api/admin/payouts/runs': { expect: adminOnly('skip'), body: () => ({ period: '2026-11' }) },
  'POST /api/admin/purchases/{id}/refund': {
    expect: adminOnly('skip'),
    path: (f) => `/api/admin/purchases/${f.purchaseId}/refund`,
    own: { admin: (f) => `/api/admin/purchases/${f.own.adminPurchaseId}/refund` },
  },
  'GET /api/admin/rewards/airdrop-export': {
    expect: adminOnly(),
    path: () => '/api/admin/rewards/airdrop-export?snapshot=2026-12-01',
    entitled: ['admin'],
  },
  'POST /api/admin/sandbox/payments/{purchaseId}/chargeback': {
    expect: adminOnly('skip'),
    path: (f) => `/api/admin/sandbox/payments/${f.purchaseId}/chargeback`,
  },
  'DELETE /api/admin/site-password': { expect: adminOnly('skip') },
  'GET /api/admin/site-password': { expect: adminOnly() },
  'PUT /api/admin/site-password': { expect: adminOnly('skip'), body: () => ({ password: 'matrix-site-password' }) },
  'GET /api/admin/users': { expect: adminOnly(), entitled: ['admin'] },
  'PUT /api/admin/users/{id}/role': {
    expect: adminOnly('skip'),
    path: (f) => `/api/admin/users/${f.buyerId}/role`,
    body: () => ({ role: 'admin' }),
  },
  'DELETE /api/admin/users/{userId}/mfa': {
    expect: staff('skip'),
    path: (f) => `/api/admin/users/${f.ownerId}/mfa`,
    body: reason,
  },
  // A signed link is the credential, issued to the reviewer holding the case: only they open it, with their aal2 session.
  'GET /api/admin/verification-images': {
    expect: { ...every(403), anonymous: 401, moderator: 'ok' },
    path: (f) => f.imageLink,
    entitled: ['moderator'],
  },
  'GET /api/admin/verifications': { expect: staff(), entitled: STAFF },
  'GET /api/admin/verifications/{id}': {
    expect: staff(),
    path: (f) => `/api/admin/verifications/${f.verificationId}`,
    entitled: STAFF,
  },
  'POST /api/admin/verifications/{id}/accept': {
    expect: staff('skip'),
    path: (f) => `/api/admin/verifications/${f.verificationId}/accept`,
    own: { moderator: (f) => `/api/admin/verifications/${f.own.verificationId}/accept` },
  },
  'POST /api/admin/verifications/{id}/claim': {
    expect: staff('skip'),
    path: (f) => `/api/admin/verifications/${f.verificationId}/claim`,
    own: { moderator: (f) => `/api/admin/verifications/${f.own.verificationId}/claim` },
  },
  'POST /api/admin/verifications/{id}/reject': {
    expect: staff('skip'),
    path: (f) => `/api/admin/verifications/${f.verificationId}/reject`,
    body: reason,
    own: { moderator: (f) => `/api/admin/verifications/${f.own.verificationId}/reject` },
  },
  'POST /api/admin/verifications/{id}/release': {
    expect: staff('skip'),
    path: (f) => `/api/admin/verifications/${f.verificationId}/release`,
  },

  'GET /api/age-check': { expect: open() },
  'POST /api/age-check': { expect: open() },
  'POST /api/analytics/events': { expect: open(), body: () => ({ events: [{ kind: 'page_view', path: '/faq' }] }) },
  // The owner's picture, put by the account rows above: public, like a display name.
  'GET /api/avatars/{userId}': { expect: open(), path: (f) => `/api/avatars/${f.ownerId}` },
  'GET /api/billing/payment-methods': { expect: signedIn() },
  'DELETE /api/billing/payment-methods/{id}': {
    expect: owned({ buyer: 'skip' }),
    path: (f) => `/api/billing/payment-methods/${f.cardId}`,
  },
  'GET /api/categories': { expect: open() },

  // Collaborations: the store owner decides on a request; the requester sees theirs.
  'GET /api/collaborations': { expect: signedIn() },
  'POST /api/collaborations/{id}/approve': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/collaborations/${f.collaborationId}/approve`,
    body: () => ({ canAlbums: true, canVideos: false }),
  },
  'PUT /api/collaborations/{id}/permissions': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/collaborations/${f.collaborationId}/permissions`,
    body: () => ({ canAlbums: true, canVideos: true }),
  },
  'POST /api/collaborations/{id}/reject': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/collaborations/${f.collaborationId}/reject`,
  },
  'POST /api/collaborations/{id}/release-form': {
    expect: owned({ owner: 'skip', otherCreator: 'skip' }),
    path: (f) => `/api/collaborations/${f.collaborationId}/release-form`,
    form: 'releaseForm',
  },
  'POST /api/collaborations/{id}/remove': {
    expect: owned({ owner: 'skip', otherCreator: 'skip' }),
    path: (f) => `/api/collaborations/${f.collaborationId}/remove`,
  },
  'GET /api/config': { expect: open() },

  // Content: the creator's own items.
  // The admin is a verified creator too (their own album), with no store.
  'POST /api/content': {
    expect: creators(201, 403, { admin: 201 }),
    body: () => ({ title: 'Matrix extra', kind: 'album', priceMinor: 500, currency: 'USD' }),
  },
  'GET /api/content/mine': { expect: signedIn(), entitled: ['owner', 'moderator', 'admin'] },
  'GET /api/content/{id}': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/content/${f.itemId}`,
    entitled: ['owner'],
  },
  // An empty change is still the owner's only: the answer is the item's full view, file links included.
  'PATCH /api/content/{id}': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/content/${f.itemId}`,
    body: () => ({}),
    entitled: ['owner'],
  },
  'PUT /api/content/{id}/cover': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/content/${f.itemId}/cover`,
    body: (f) => ({ mediaId: f.mediaId }),
    entitled: ['owner'],
  },
  'PUT /api/content/{id}/media-order': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/content/${f.itemId}/media-order`,
    body: (f) => ({ mediaIds: [f.mediaId] }),
    entitled: ['owner'],
  },
  'DELETE /api/content/{id}/media/{mediaId}': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/content/${f.itemId}/media/${f.mediaId}`,
  },
  'POST /api/content/{id}/submit': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/content/${f.draftId}/submit`,
  },
  'PUT /api/content/{id}/teaser': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/content/${f.itemId}/teaser`,
    body: () => ({ teaser: 'blurred' }),
    entitled: ['owner'],
  },
  'GET /api/dashboard/summary': { expect: signedIn(), entitled: ['owner', 'buyer'] },
  'GET /api/favorites': { expect: signedIn() },
  'DELETE /api/favorites/{slug}': { expect: signedIn(), path: (f) => `/api/favorites/${f.slug}` },
  'PUT /api/favorites/{slug}': { expect: signedIn(), path: (f) => `/api/favorites/${f.slug}` },
  // A file link from a content view is the credential: whoever holds it gets the file, whatever bearer they send.
  'GET /api/media': { expect: open(), path: (f) => f.mediaLink, entitled: [...ACTORS] },
  'GET /api/media/{id}/blurred': { expect: open(), path: (f) => `/api/media/${f.mediaId}/blurred` },

  // Messaging: a conversation is its fan's and its creator's.
  'GET /api/messages/conversations': { expect: signedIn(), entitled: ['buyer', 'owner'] },
  'POST /api/messages/conversations': { expect: signedIn('ok', { owner: 400 }), body: (f) => ({ storeSlug: f.slug }) },
  'GET /api/messages/conversations/{id}': { expect: owned({ buyer: 'ok', owner: 'ok' }), entitled: ['buyer', 'owner'] },
  'DELETE /api/messages/conversations/{id}/block': { expect: owned({ buyer: 'ok', owner: 'ok' }) },
  'PUT /api/messages/conversations/{id}/block': { expect: owned({ buyer: 'skip', owner: 'skip' }) },
  'GET /api/messages/conversations/{id}/messages': {
    expect: owned({ buyer: 'ok', owner: 'ok' }),
    entitled: ['buyer', 'owner'],
  },
  'POST /api/messages/conversations/{id}/messages': {
    expect: owned({ buyer: 'ok', owner: 'ok' }),
    body: () => ({ clientId: `matrix-${Math.random().toString(36).slice(2)}`, text: 'matrix message' }),
    entitled: ['buyer', 'owner'],
  },
  'GET /api/messages/conversations/{id}/messages/{messageId}/media/{contentId}': {
    expect: owned({ buyer: 404, owner: 404 }),
    path: (f) => `/api/messages/conversations/${f.conversationId}/messages/${f.messageId}/media/${f.itemId}`,
  },
  // The composer's check: the conversation's creator only (its fan is refused with 403 not_the_creator).
  'GET /api/messages/conversations/{id}/owned-items': {
    expect: owned({ buyer: 403, owner: 'ok' }),
    path: (f) => `/api/messages/conversations/${f.conversationId}/owned-items?contentIds=${f.itemId}`,
  },
  'POST /api/messages/conversations/{id}/messages/{messageId}/pay': { expect: owned({ buyer: 'skip', owner: 'skip' }) },
  'POST /api/messages/conversations/{id}/messages/{messageId}/unsend': {
    expect: owned({ buyer: 'skip', owner: 'skip' }),
  },
  'DELETE /api/messages/conversations/{id}/mute': { expect: owned({ buyer: 'ok', owner: 'ok' }) },
  'PUT /api/messages/conversations/{id}/mute': { expect: owned({ buyer: 'ok', owner: 'ok' }) },
  'POST /api/messages/conversations/{id}/read': {
    expect: owned({ buyer: 'ok', owner: 'ok' }),
    body: (f) => ({ messageId: f.messageId }),
  },
  'POST /api/messages/conversations/{id}/reports': {
    expect: owned({ buyer: 'skip', owner: 'skip' }),
    body: () => ({ reason: 'spam', details: 'matrix report of a conversation' }),
  },
  'GET /api/messages/mass-messages': { expect: signedIn() },
  'POST /api/messages/mass-messages': {
    expect: creators('skip'),
    body: () => ({
      clientId: `matrix-${Math.random().toString(36).slice(2)}`,
      segment: 'favourites',
      text: 'matrix news',
    }),
  },
  'GET /api/messages/mass-messages/audience': {
    expect: creators('ok', 403, { otherCreator: 404 }),
    path: (f) => `/api/messages/mass-messages/audience?segment=buyers&contentId=${f.itemId}`,
  },
  'GET /api/messages/mass-messages/{id}': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/messages/mass-messages/${f.massMessageId}`,
  },
  'POST /api/messages/mass-messages/{id}/unsend': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/messages/mass-messages/${f.massMessageId}/unsend`,
  },
  'POST /api/messages/media': { expect: creators(), body: () => ({ kind: 'album' }) },
  // Posts: a creator writes on their own store; anyone the store shows to reads a published post; members react.
  'GET /api/feed': { expect: signedIn() },
  'POST /api/posts': { expect: creators(201), body: () => ({ text: 'Matrix extra post', audience: 'free' }) },
  'POST /api/posts/media': { expect: creators(201), body: () => ({ kind: 'album' }) },
  'GET /api/posts/mine': { expect: creators() },
  'GET /api/posts/{id}': { expect: open(), path: (f) => `/api/posts/${f.postId}` },
  'PATCH /api/posts/{id}': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/posts/${f.postId}`,
    body: () => ({ text: 'Matrix post' }),
  },
  'DELETE /api/posts/{id}': { expect: owned({ owner: 'skip' }), path: (f) => `/api/posts/${f.postId}` },
  'PUT /api/posts/{id}/pin': { expect: owned({ owner: 'ok' }), path: (f) => `/api/posts/${f.postId}/pin` },
  'DELETE /api/posts/{id}/pin': { expect: owned({ owner: 'ok' }), path: (f) => `/api/posts/${f.postId}/pin` },
  'PUT /api/posts/{id}/like': { expect: signedIn(), path: (f) => `/api/posts/${f.postId}/like` },
  'DELETE /api/posts/{id}/like': { expect: signedIn(), path: (f) => `/api/posts/${f.postId}/like` },
  'GET /api/posts/{id}/comments': { expect: open(), path: (f) => `/api/posts/${f.postId}/comments` },
  'POST /api/posts/{id}/comments': {
    expect: signedIn(201),
    path: (f) => `/api/posts/${f.postId}/comments`,
    body: () => ({ text: 'Matrix reply' }),
  },
  // Its author and the post's creator may delete a comment (not called: it would undo the fixture); others are refused.
  'DELETE /api/posts/{id}/comments/{commentId}': {
    expect: owned({ buyer: 'skip', owner: 'skip' }, 403),
    path: (f) => `/api/posts/${f.postId}/comments/${f.commentId}`,
  },
  // Hiding is the creator's (not called: a hidden comment answers others 404 where the matrix expects 403); showing is idempotent.
  'PUT /api/posts/{id}/comments/{commentId}/hidden': {
    expect: owned({ owner: 'skip' }),
    path: (f) => `/api/posts/${f.postId}/comments/${f.commentId}/hidden`,
  },
  'DELETE /api/posts/{id}/comments/{commentId}/hidden': {
    expect: owned({ owner: 'ok' }),
    path: (f) => `/api/posts/${f.postId}/comments/${f.commentId}/hidden`,
  },
  'GET /api/messages/preferences': { expect: signedIn() },
  'PUT /api/messages/preferences': { expect: signedIn(), body: () => ({ emailDigest: true }) },
  // An unsubscribe link is the credential; a forged one is refused to everyone.
  'GET /api/messages/preferences/unsubscribe': {
    expect: open(400),
    path: () => '/api/messages/preferences/unsubscribe?token=e30.forged',
  },
  'POST /api/messages/preferences/unsubscribe': {
    expect: open(400),
    path: () => '/api/messages/preferences/unsubscribe?token=e30.forged',
  },
  'GET /api/messages/search': {
    expect: signedIn(),
    path: () => '/api/messages/search?q=hello',
    entitled: ['buyer', 'owner'],
  },
  'GET /api/messages/settings': { expect: creators() },
  'PUT /api/messages/settings': { expect: creators('ok', 403), body: () => ({ audience: 'signed_in' }) },
  'GET /api/messages/unread': { expect: signedIn() },

  // Reports, takedowns and appeals are open to anyone (a depicted person may have no account).
  'POST /api/moderation/appeals': {
    expect: open(),
    body: (f) => ({
      subjectType: 'content',
      subjectId: f.itemId,
      reason: 'depicted_person',
      details: 'matrix appeal details',
      email: 'appeal@example.test',
    }),
  },
  'POST /api/moderation/reports': {
    expect: open(),
    body: (f) => ({
      subjectType: 'content',
      subjectId: f.itemId,
      reason: 'spam',
      details: 'matrix report details',
      email: 'report@example.test',
    }),
  },
  'POST /api/moderation/takedown-requests': {
    expect: open(),
    body: (f) => ({
      subjectType: 'content',
      subjectId: f.itemId,
      reason: 'copyright',
      details: 'matrix takedown details',
      email: 'takedown@example.test',
    }),
  },
  'GET /api/notifications': { expect: signedIn() },
  'POST /api/notifications/read': { expect: signedIn(), body: () => ({}) },
  // Signed by the acquirer, not by a bearer: an unsigned body is refused to everyone.
  'POST /api/payments/webhooks/sandbox': { expect: open(400), body: () => ({ type: 'payment.succeeded' }) },

  // Payouts and sales: the caller's own money (a fan earns referral commissions too).
  'GET /api/payouts/export.csv': { expect: signedIn() },
  'GET /api/payouts/history': { expect: signedIn() },
  'DELETE /api/payouts/method': { expect: signedIn() },
  'GET /api/payouts/method': { expect: signedIn() },
  'PUT /api/payouts/method': {
    expect: signedIn(),
    body: () => ({ kind: 'bank', accountHolder: 'Casey Creator', iban: 'DE89370400440532013000', currency: 'EUR' }),
  },
  'GET /api/payouts/statement': { expect: signedIn() },
  'GET /api/payouts/transactions': { expect: signedIn() },

  // Purchases: the buyer's own.
  'GET /api/purchases': { expect: signedIn(), entitled: ['buyer'] },
  'POST /api/purchases': {
    expect: signedIn(201, { owner: 400 }),
    body: (f) => ({ kind: 'tip', storeSlug: f.slug, amountMinor: 500, method: 'card' }),
    headers: { 'idempotency-key': 'per-call' },
  },
  'GET /api/purchases/export.csv': { expect: signedIn() },
  'GET /api/purchases/{id}': {
    expect: owned({ buyer: 'ok' }),
    path: (f) => `/api/purchases/${f.purchaseId}`,
    entitled: ['buyer'],
  },
  'GET /api/purchases/{id}/content': {
    expect: owned({ buyer: 'ok' }),
    path: (f) => `/api/purchases/${f.purchaseId}/content`,
    entitled: ['buyer'],
  },
  'POST /api/purchases/{id}/refresh': {
    expect: owned({ buyer: 'ok' }),
    path: (f) => `/api/purchases/${f.purchaseId}/refresh`,
    entitled: ['buyer'],
  },
  'GET /api/referral-links': { expect: signedIn() },
  'POST /api/referral-links': { expect: signedIn('ok', { owner: 400 }), body: (f) => ({ contentId: f.itemId }) },
  'GET /api/rewards': { expect: signedIn() },
  'DELETE /api/rewards/telegram': { expect: signedIn() },
  'PUT /api/rewards/telegram': {
    expect: signedIn(),
    body: () => ({ telegramUsername: `matrix_${randomBytes(5).toString('hex')}` }),
  },
  'DELETE /api/rewards/wallet': { expect: signedIn() },
  'PUT /api/rewards/wallet': { expect: signedIn(), body: () => ({ walletAddress: bs58.encode(randomBytes(32)) }) },
  'GET /api/sales': { expect: signedIn(), entitled: ['owner'] },
  'GET /api/sales/export.csv': { expect: signedIn(), entitled: ['owner'] },
  'POST /api/site-gate/unlock': { expect: open(204), body: () => ({ password: 'not-the-site-password' }) },

  // Stores: public pages; the settings are the owner's own store.
  'GET /api/stores': { expect: open() },
  'POST /api/stores': {
    expect: creators(409, 403, { admin: 409 }),
    body: (f) => ({ slug: f.slug, displayName: 'Taken' }),
  },
  'GET /api/stores/mine': { expect: creators('ok', 404) },
  'PATCH /api/stores/mine': {
    expect: creators('ok', 404),
    body: () => ({ tips: { enabled: true, minimumTipMinor: 300 } }),
  },
  'DELETE /api/stores/mine/{kind}': { expect: creators('ok', 404), path: () => '/api/stores/mine/banner' },
  'PUT /api/stores/mine/{kind}': { expect: creators('ok', 404), path: () => '/api/stores/mine/banner', form: 'image' },
  'GET /api/stores/slug-available': {
    expect: signedIn(),
    path: () => '/api/stores/slug-available?slug=matrix-free-slug',
  },
  'GET /api/stores/{slug}': { expect: open(), path: (f) => `/api/stores/${f.slug}` },
  'GET /api/stores/{slug}/posts': { expect: open(), path: (f) => `/api/stores/${f.slug}/posts` },
  'POST /api/stores/{slug}/collaboration-requests': {
    expect: creators(409, 201, { owner: 400 }),
    path: (f) => `/api/stores/${f.slug}/collaboration-requests`,
    body: () => ({}),
  },
  'GET /api/stores/{slug}/content': {
    expect: open(),
    path: (f) => `/api/stores/${f.slug}/content`,
    entitled: ['buyer', 'owner', 'admin'],
  },
  'GET /api/stores/{slug}/images/{key}': {
    expect: open(404),
    path: (f) => `/api/stores/${f.slug}/images/banner-missing.webp`,
  },

  // Subscriptions: the subscriber's own.
  'GET /api/subscriptions': { expect: signedIn(), entitled: ['buyer'] },
  'DELETE /api/subscriptions/{id}': {
    expect: owned({ buyer: 'skip' }),
    path: (f) => `/api/subscriptions/${f.subscriptionId}`,
  },
  'PATCH /api/subscriptions/{id}': {
    expect: owned({ buyer: 'ok' }),
    path: (f) => `/api/subscriptions/${f.subscriptionId}`,
    body: () => ({ autoRenew: true }),
  },
  'POST /api/users/reset-password': { expect: open(422), body: () => ({ resetToken: 'forged', newPassword: 'short' }) },
  'GET /api/users/verify-email': { expect: open(400), path: () => '/api/users/verify-email?token=forged' },
  'POST /api/verify-user': { expect: signedIn(400), form: 'empty' },
  'GET /api/verify-user/countries': { expect: open() },
  'GET /api/verify-user/status': { expect: signedIn() },

  // The auth contract (reference/auth-v1-contract.md): a factor is its user's own.
  'POST /auth/v1/factors': {
    expect: signedIn(),
    body: () => ({ factor_type: 'totp', friendly_name: `Matrix ${Math.random()}` }),
  },
  'DELETE /auth/v1/factors/{id}': {
    expect: owned({ moderator: 'skip' }),
    path: (f) => `/auth/v1/factors/${f.moderatorFactorId}`,
  },
  'POST /auth/v1/factors/{id}/challenge': {
    expect: owned({ moderator: 'ok' }),
    path: (f) => `/auth/v1/factors/${f.moderatorFactorId}/challenge`,
  },
  'POST /auth/v1/factors/{id}/verify': {
    expect: owned({ moderator: 'skip' }),
    path: (f) => `/auth/v1/factors/${f.moderatorFactorId}/verify`,
    body: (f) => ({ challenge_id: f.moderatorFactorId, code: '000000' }),
  },
  'POST /auth/v1/logout': { expect: signedIn('skip') },
  'POST /auth/v1/recover': { expect: open(), body: () => ({ email: 'nobody-matrix@example.test' }) },
  'POST /auth/v1/resend': { expect: open(), body: () => ({ type: 'signup', email: 'nobody-matrix@example.test' }) },
  'POST /auth/v1/signup': { expect: open(400), body: () => ({ email: 'not-an-address', password: 'x' }) },
  'POST /auth/v1/token': {
    expect: open(400),
    path: () => '/auth/v1/token?grant_type=refresh_token',
    body: () => ({ refresh_token: 'forged-refresh-token' }),
  },
  'GET /auth/v1/reauthenticate': { expect: signedIn() },
  'GET /auth/v1/user': { expect: signedIn() },
  'PUT /auth/v1/user': { expect: signedIn(), body: () => ({ data: { matrix: true } }) },
  'GET /auth/v1/verify': { expect: open(303), path: () => '/auth/v1/verify?type=signup&token=forged' },
  'POST /auth/v1/verify': { expect: open(403), body: () => ({ type: 'signup', token_hash: 'forged' }) },
  'POST /functions/v1/record-user-consent': {
    expect: signedIn(),
    body: () => ({ consentData: { consentTypes: ['marketing_emails'], consentVersions: ['1.0.0'] } }),
  },
  'GET /health': { expect: open() },
  'GET /health/live': { expect: open() },
  'GET /health/ready': { expect: open() },
  // Realtime broadcasts from clients: staff may write to the staff topic; user topics are the server's.
  'POST /realtime/v1/api/broadcast': {
    expect: signedIn(403, { moderator: 202, admin: 202 }),
    headers: { apikey: 'fanmint-public-anon-key' },
    body: () => ({ messages: [{ topic: 'staff:moderation', event: 'client:matrix', payload: {}, private: true }] }),
  },
  'POST /realtime/v1/api/broadcast/{topic}/events/{event}': {
    expect: signedIn(403, { moderator: 202, admin: 202 }),
    path: () => '/realtime/v1/api/broadcast/staff%3Amoderation/events/client%3Amatrix?private=true',
    headers: { apikey: 'fanmint-public-anon-key' },
    body: () => ({ matrix: true }),
  },
};

/**
 * Rows that fail on today's code for a finding fixed on another branch: `METHOD /path actor` -> the finding.
 * The suite reports them instead of failing; an entry whose row passes fails, so the set shrinks with each fix.
 */
export const KNOWN_OPEN: Record<string, string> = {};
