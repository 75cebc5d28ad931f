import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { basename } from 'node:path';
import { APP_CONFIG, AppError, type AppConfig } from '#app/platform';
import { SearchUsersQuery } from '#app/identity';
import {
  ReviewQueueQuery,
  ReviewVerificationCommand,
  SubmitVerificationCommand,
  VerificationStatusQuery,
} from '#app/verification';
import {
  AttachMediaCommand,
  ContentByIdQuery,
  CreateContentCommand,
  MyContentQuery,
  ReviewContentCommand,
  SubmitContentCommand,
} from '#app/content-moderation';
import {
  ChangeStoreImageCommand,
  GetMyStoreQuery,
  OpenStoreCommand,
  PurchaseCommand,
  RefreshPurchaseCommand,
  SellableItems,
  SetFavoriteCommand,
  UpdateStoreSettingsCommand,
} from '#app/commerce';
import { CreatePostCommand, CreatePostMediaCommand, MyPostsQuery, PinPostCommand } from '#app/posts';
import { demoEmail } from './demo-accounts.js';
import { demoMedia, readMedia, type DemoMediaFiles, type DemoMediaPlan } from './demo-media.js';
import { payOnHostedPage } from './demo-payment.js';

/** The operator is Irish: the demo store sells in euro. */
const DEMO_CURRENCY = 'EUR';

export const DEMO_STORE = {
  slug: 'demo-studio',
  displayName: 'Demo Studio',
  tagline: 'Golden-hour portraits, neon nights and the stories behind them',
  description:
    'Demo Studio is the sample store every new Fanmint install comes with. Browse the albums and the short film, buy one as the demo fan, or sign in as the demo creator to see the sales, the statements and the store settings.',
  categories: ['photography', 'art', 'adult-solo'],
};

const gold = { from: '#f6b26b', to: '#b4457f', accent: '#ffe08a' };
const neon = { from: '#1b1464', to: '#d4145a', accent: '#00e5ff' };
const lagoon = { from: '#0f4c5c', to: '#5fa8a0', accent: '#f4d35e' };

const MEDIA_PLAN: DemoMediaPlan = {
  storeName: DEMO_STORE.displayName,
  tagline: DEMO_STORE.tagline,
  initials: 'DS',
  palette: neon,
  albums: [
    {
      key: 'golden-hour',
      title: 'Golden Hour',
      captions: ['Rooftop, 7:42 pm', 'Last light', 'Warm haze', 'Silhouette'],
      palette: gold,
    },
    {
      key: 'neon-nights',
      title: 'Neon Nights',
      captions: ['After midnight', 'Pink static', 'Blue hour', 'Glow'],
      palette: neon,
    },
  ],
  video: { title: 'Behind the Scenes', palette: lagoon },
};

/** The items, by title (their natural key within the demo creator's content). */
const ITEMS = [
  {
    title: 'Golden Hour',
    kind: 'album' as const,
    album: 'golden-hour',
    priceMinor: 1499,
    description: 'Four warm rooftop portraits shot in the last light of the day.',
  },
  {
    title: 'Neon Nights (18+)',
    kind: 'album' as const,
    album: 'neon-nights',
    priceMinor: 1999,
    description: 'An after-dark set for subscribers and buyers over 18.',
  },
  {
    title: 'Behind the Scenes',
    kind: 'video' as const,
    album: null,
    priceMinor: 999,
    description: 'A short film from the shoot: setting up the lights.',
  },
];

/** The demo creator's posts, by text (their natural key): a pinned welcome, a subscribers' set, a pay-to-unlock one. */
const POSTS = [
  {
    text: 'Welcome to Demo Studio! New sets every week: follow the store to see them in your feed, subscribe for the subscriber posts.',
    audience: 'free' as const,
    priceMinor: null,
    album: null,
    pinned: true,
  },
  {
    text: 'Blue hour from last night’s shoot, for my subscribers. Thank you for being here.',
    audience: 'subscribers' as const,
    priceMinor: null,
    album: 'neon-nights',
    pinned: false,
  },
  {
    text: 'The full golden-hour contact sheet, every frame I kept.',
    audience: 'paid' as const,
    priceMinor: 499,
    album: 'golden-hour',
    pinned: false,
  },
];

/** What the demo fan bought, by Idempotency-Key: a second start replays these instead of buying again. */
const FAN_KEYS = { item: 'demo-seed-item-golden-hour', subscription: 'demo-seed-subscription' };
const WAIT_MS = 90_000;

export interface DemoMarketplace {
  storeSlug: string;
  storeUrl: string;
}

/**
 * The demo marketplace `npm start` adds beside the demo accounts when the platform is live: the
 * demo creator verified with an open store, approved albums and a short video on sale, and the demo
 * fan with a purchase, a subscription and a favourite. Every step goes through the modules' own
 * commands (the worker processes the media and brings approvals to commerce; the sandbox acquirer
 * takes the fan's payments), and each step first looks whether it was done, so a second run adds
 * nothing. Needs the api's worker and the acquirer running; answers null before launch.
 */
export async function seedDemoMarketplace(app: INestApplicationContext): Promise<DemoMarketplace | null> {
  const config = app.get<AppConfig>(APP_CONFIG);
  if (config.LAUNCH_PHASE !== 'live') return null;
  const commands = app.get(CommandBus);
  const queries = app.get(QueryBus);
  const userId = async (role: 'fan' | 'creator' | 'moderator') => {
    const email = demoEmail(role);
    const [user] = (await queries.execute(new SearchUsersQuery(email, 5))).filter((found) => found.email === email);
    if (!user) throw new Error(`the demo ${role} (${email}) does not exist: seed the demo accounts first`);
    return user.id;
  };
  const [creatorId, fanId, moderatorId] = [await userId('creator'), await userId('fan'), await userId('moderator')];
  const media = await demoMedia(config.STORAGE_DIR, MEDIA_PLAN);

  await verifyCreator(commands, queries, creatorId, moderatorId, media);
  const contentIds: string[] = [];
  for (const item of ITEMS) contentIds.push(await publishItem(commands, queries, creatorId, moderatorId, item, media));
  await openStore(commands, queries, creatorId, media);

  const sellable = app.get(SellableItems, { strict: false });
  await waitFor('the approved items to be on sale', async () =>
    (await Promise.all(contentIds.map((id) => sellable.find(id)))).every(Boolean),
  );
  await buy(commands, fanId, FAN_KEYS.item, { kind: 'content', contentId: contentIds[0], method: 'card' });
  await buy(commands, fanId, FAN_KEYS.subscription, {
    kind: 'subscription',
    storeSlug: DEMO_STORE.slug,
    method: 'card',
  });
  await commands.execute(new SetFavoriteCommand(fanId, DEMO_STORE.slug, true));
  for (const post of POSTS) await publishPost(commands, queries, creatorId, moderatorId, post, media);
  return { storeSlug: DEMO_STORE.slug, storeUrl: `${config.PUBLIC_URL}/stores/${DEMO_STORE.slug}` };
}

/** Submitted with drawn demo ID images, then claimed and accepted by the demo moderator (audited as any review). */
async function verifyCreator(
  commands: CommandBus,
  queries: QueryBus,
  creatorId: string,
  moderatorId: string,
  media: DemoMediaFiles,
) {
  const status = await queries.execute(new VerificationStatusQuery(creatorId));
  if (status.status === 'accepted') return;
  if (status.status !== 'processing') {
    await commands.execute(
      new SubmitVerificationCommand(
        creatorId,
        { fullName: 'Demo Creator', dateOfBirth: '1994-03-09', country: 'IE' },
        { userPhotoWithId: await readMedia(media.selfieWithId), idPhoto: await readMedia(media.idPhoto) },
      ),
    );
  }
  const submission = (await queries.execute(new ReviewQueueQuery('processing', moderatorId, 1000))).find(
    (item) => item.userId === creatorId,
  );
  if (!submission) throw new Error('the demo creator’s verification is not in the review queue');
  if (submission.claimedBy?.id !== moderatorId)
    await commands.execute(new ReviewVerificationCommand(submission.id, moderatorId, { kind: 'claim' }, null));
  await commands.execute(new ReviewVerificationCommand(submission.id, moderatorId, { kind: 'accept' }, null));
}

/** One item from draft to approved: its files go through the worker's media processing, then the review. */
async function publishItem(
  commands: CommandBus,
  queries: QueryBus,
  creatorId: string,
  moderatorId: string,
  item: (typeof ITEMS)[number],
  media: DemoMediaFiles,
): Promise<string> {
  const find = async () =>
    (await queries.execute(new MyContentQuery(creatorId))).find((content) => content.title === item.title);
  let content = await find();
  if (!content) {
    await commands.execute(
      new CreateContentCommand(creatorId, item.kind, {
        title: item.title,
        description: item.description,
        priceMinor: item.priceMinor,
        currency: DEMO_CURRENCY,
      }),
    );
    content = (await find())!;
  }
  const id = content.id;
  if (content.status === 'draft') {
    const files = item.album ? media.albums[item.album] : [media.video];
    for (const file of files.slice(content.media.length))
      await commands.execute(new AttachMediaCommand(creatorId, id, basename(file), await readMedia(file)));
    await waitFor(`the files of “${item.title}” to be processed`, async () =>
      (await find())!.media.every((file) => file.status !== 'uploaded'),
    );
    await commands.execute(new SubmitContentCommand(creatorId, id));
    content = (await find())!;
  }
  if (content.status === 'pending_review') {
    if (content.claimedBy !== moderatorId)
      await commands.execute(new ReviewContentCommand(id, moderatorId, 'moderator', { kind: 'claim' }, null));
    await commands.execute(new ReviewContentCommand(id, moderatorId, 'moderator', { kind: 'approve' }, null));
  }
  return id;
}

/** A post of the demo creator, its photos made for posts and approved by the demo moderator first (skipped when posted before). */
async function publishPost(
  commands: CommandBus,
  queries: QueryBus,
  creatorId: string,
  moderatorId: string,
  post: (typeof POSTS)[number],
  media: DemoMediaFiles,
): Promise<void> {
  const viewer = { actor: { id: creatorId, role: 'creator', aal: 'aal1' as const }, ageChecked: true };
  const mine = await queries.execute(new MyPostsQuery(creatorId, viewer, undefined, 50));
  if (mine.posts.some((known) => known.text === post.text)) return;
  const mediaIds: string[] = [];
  if (post.album) {
    const { contentId } = await commands.execute(new CreatePostMediaCommand(creatorId, 'album'));
    for (const file of media.albums[post.album].slice(0, 2))
      await commands.execute(new AttachMediaCommand(creatorId, contentId, basename(file), await readMedia(file)));
    const item = async () => (await queries.execute(new ContentByIdQuery(contentId)))!;
    await waitFor('the post photos to be processed', async () =>
      (await item()).media.every((file) => file.status !== 'uploaded'),
    );
    await commands.execute(new SubmitContentCommand(creatorId, contentId));
    await commands.execute(new ReviewContentCommand(contentId, moderatorId, 'moderator', { kind: 'claim' }, null));
    await commands.execute(new ReviewContentCommand(contentId, moderatorId, 'moderator', { kind: 'approve' }, null));
    mediaIds.push(contentId);
  }
  const created = await commands.execute(
    new CreatePostCommand(
      creatorId,
      { text: post.text, audience: post.audience, priceMinor: post.priceMinor, mediaIds },
      true,
    ),
  );
  if (post.pinned) await commands.execute(new PinPostCommand(creatorId, created.id, true));
  if (mediaIds.length)
    await waitFor('the post to be published', async () =>
      (await queries.execute(new MyPostsQuery(creatorId, viewer, undefined, 50))).posts.some(
        (known) => known.id === created.id && known.status === 'published',
      ),
    );
}

async function openStore(commands: CommandBus, queries: QueryBus, creatorId: string, media: DemoMediaFiles) {
  const existing = await queries.execute(new GetMyStoreQuery(creatorId)).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!existing)
    await commands.execute(
      new OpenStoreCommand(creatorId, DEMO_STORE.slug, DEMO_STORE.displayName, DEMO_STORE.categories),
    );
  // Changes nothing when the settings are already these.
  await commands.execute(
    new UpdateStoreSettingsCommand(creatorId, {
      appearance: { tagline: DEMO_STORE.tagline, description: DEMO_STORE.description, accentColor: '#d4145a' },
      access: { subscriptionEnabled: true, subscriptionPriceMinor: 799 },
      content: { currency: DEMO_CURRENCY },
      nsfw: { isNsfw: true, categories: DEMO_STORE.categories },
    }),
  );
  await setStoreImages(commands, queries, creatorId, media);
}

/** The store's banner and avatar (drawn in demo-media.ts), through the same command as the creator's upload; once each. */
async function setStoreImages(
  commands: CommandBus,
  queries: QueryBus,
  creatorId: string,
  media: DemoMediaFiles,
): Promise<void> {
  const { images } = await queries.execute(new GetMyStoreQuery(creatorId));
  if (!images.bannerUrl)
    await commands.execute(new ChangeStoreImageCommand(creatorId, 'banner', await readMedia(media.banner)));
  if (!images.avatarUrl)
    await commands.execute(new ChangeStoreImageCommand(creatorId, 'avatar', await readMedia(media.avatar)));
}

/**
 * The demo fan buys as any fan: the purchase opens a checkout at the sandbox acquirer, the card is
 * paid on its hosted page, and the provider's answer is applied through the same aggregate as its
 * webhook (which, arriving later, changes nothing). A replayed key answers the paid purchase.
 */
async function buy(
  commands: CommandBus,
  fanId: string,
  key: string,
  request: ConstructorParameters<typeof PurchaseCommand>[2],
) {
  const { purchase } = await commands.execute(new PurchaseCommand(fanId, key, request));
  if (purchase.status === 'paid') return;
  if (purchase.status !== 'requires_action' || !purchase.checkoutUrl)
    throw new Error(`the demo ${request.kind} is ${purchase.status}`);
  await payOnHostedPage(purchase.checkoutUrl);
  const paid = await commands.execute(new RefreshPurchaseCommand(fanId, purchase.id));
  if (paid.status !== 'paid') throw new Error(`the demo ${request.kind} is ${paid.status} after paying`);
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (is the worker running?)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
