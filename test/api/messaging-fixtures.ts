import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { RealtimePublisher } from '#app/realtime';
import { SubscriptionRenewals } from '#app/commerce';
import { OutboxRelay } from '#app/platform';
import {
  ago,
  callApi,
  DAY_MS,
  timeTravel,
  signedInUser,
  staffSession,
  startTestPlatform,
  tusUpload,
  verifiedCreator,
  waitFor,
  type ApiResponse,
  type StaffSession,
  type TestPlatform,
  type TestPlatformOptions,
} from '#app/testing';
import { CARD, newKey, postForm } from './commerce-fixtures.js';

export interface Published {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface Creator {
  userId: string;
  token: string;
  slug: string;
  storeId: string;
}

export interface Fan {
  userId: string;
  token: string;
  email: string;
}

/**
 * The messaging suites' platform: live, its worker, files on a private disk. What messaging hands
 * the realtime port is recorded (the port's own transport has its suites); the port still runs.
 * With `acquirer`, fans pay (subscriptions, items, unlocks) on a sandbox acquirer's hosted page.
 */
export async function startMessagingPlatform(
  options: Pick<TestPlatformOptions, 'env' | 'queueBackend' | 'clock' | 'acquirer'> = {},
) {
  const platform = await startTestPlatform({
    ...options,
    acquirer: options.acquirer ?? false,
    env: { LAUNCH_PHASE: 'live', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'fanmint-messaging-')), ...options.env },
  });
  const published: Published[] = [];
  for (const app of [platform.api, platform.worker!]) {
    const publisher = app.get(RealtimePublisher);
    const publish = publisher.publish.bind(publisher);
    const revoke = publisher.revoke.bind(publisher);
    publisher.publish = async (topic, event, payload) => {
      published.push({ topic, event, payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown> });
      return publish(topic, event, payload);
    };
    publisher.revoke = async (topic, userId) => {
      published.push({ topic, event: 'revoke', payload: { userId } });
      return revoke(topic, userId);
    };
  }
  const moderator = await staffSession(platform, 'moderator');
  const db = () => platform.api.get(MikroORM).em.fork();
  return new MessagingFixtures(platform, moderator, published, db);
}

export class MessagingFixtures {
  constructor(
    readonly platform: TestPlatform,
    readonly moderator: StaffSession,
    readonly published: Published[],
    readonly db: () => EntityManager,
  ) {}

  call(method: string, path: string, token: string | null, body?: unknown): Promise<ApiResponse> {
    return callApi(this.platform, method, path, token, body);
  }

  async creator(label = 'studio'): Promise<Creator> {
    const account = await verifiedCreator(this.platform, { moderator: this.moderator });
    const slug = `${label}-${randomBytes(3).toString('hex')}`;
    const opened = await this.call('POST', '/api/stores', account.token, { slug, displayName: `${label} studio` });
    if (opened.status !== 201) throw new Error(`open store: ${opened.status} ${opened.text}`);
    return { userId: account.userId, token: account.token, slug, storeId: opened.body.id };
  }

  /** A store the suite only writes to: a verified creator opens it, as any creator does. */
  quietStore(): Promise<Creator> {
    return this.creator('quiet');
  }

  async fan(): Promise<Fan> {
    const account = await signedInUser(this.platform);
    return { userId: account.session.user.id, token: account.session.access_token, email: account.email };
  }

  /** An account made long ago: past the new-account spam rules. */
  async age(userId: string, days = 30): Promise<void> {
    await timeTravel(this.platform, 'accountCreatedAt', userId, ago(days * DAY_MS));
  }

  /**
   * The fan subscribes to the creator's store through the checkout (the store's subscriptions are
   * switched on first). 'expired': the fan then turns automatic renewal off, the period's end is
   * moved into the past, and the renewal job ends the subscription.
   */
  async subscribe(fan: Fan, creator: Creator, status: 'active' | 'expired' = 'active'): Promise<void> {
    await this.subscriptionsOn(creator);
    await this.bought(fan, { kind: 'subscription', storeSlug: creator.slug });
    const subscription = await this.subscriptionOf(fan, creator);
    if (status === 'active') return;
    const manual = await this.call('PATCH', `/api/subscriptions/${subscription.id}`, fan.token, { autoRenew: false });
    if (manual.status !== 200) throw new Error(`renewal off: ${manual.status} ${manual.text}`);
    await timeTravel(this.platform, 'subscriptionPeriodEnd', subscription.id, ago(10 * DAY_MS));
    await this.platform.worker!.get(SubscriptionRenewals).run();
    const ended = await this.subscriptionOf(fan, creator);
    if (ended.status !== 'expired') throw new Error(`subscription ${subscription.id} is ${ended.status}, not expired`);
  }

  private readonly subscriptionStores = new Map<string, Promise<void>>();

  /** Switches the creator's subscriptions on (once per store), as the creator does in the store settings. */
  private subscriptionsOn(creator: Creator): Promise<void> {
    let done = this.subscriptionStores.get(creator.storeId);
    if (!done) {
      done = this.call('PATCH', '/api/stores/mine', creator.token, {
        access: { subscriptionEnabled: true, subscriptionPriceMinor: 999 },
      }).then((answer) => {
        if (answer.status !== 200) throw new Error(`store settings: ${answer.status} ${answer.text}`);
      });
      this.subscriptionStores.set(creator.storeId, done);
    }
    return done;
  }

  private async subscriptionOf(fan: Fan, creator: Creator): Promise<{ id: string; status: string }> {
    const list = await this.call('GET', '/api/subscriptions', fan.token);
    const found = (list.body?.items ?? []).find((item: { storeSlug: string }) => item.storeSlug === creator.slug);
    if (!found) throw new Error(`no subscription of ${fan.userId} to ${creator.slug}: ${list.status} ${list.text}`);
    return found;
  }

  /**
   * A purchase the fan makes and pays (an item, a subscription, a message's unlock): the checkout, the
   * test card on the acquirer's hosted page, then the acquirer's webhook applied. Answers its id.
   */
  async bought(fan: Fan, body: Record<string, unknown>): Promise<string> {
    if (!this.platform.acquirer)
      throw new Error('paying needs the acquirer: startMessagingPlatform({ acquirer: true })');
    const created = await callApi(
      this.platform,
      'POST',
      '/api/purchases',
      fan.token,
      { method: 'card', ...body },
      { 'idempotency-key': newKey() },
    );
    if (created.status !== 201 || !created.body.checkoutUrl)
      throw new Error(`checkout: ${created.status} ${created.text}`);
    const id = created.body.id as string;
    await postForm(created.body.checkoutUrl, CARD);
    await waitFor(async () => (await this.call('GET', `/api/purchases/${id}`, fan.token)).body?.status === 'paid', {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: `purchase ${id} paid by webhook`,
    });
    return id;
  }

  private adminSession: Promise<StaffSession> | null = null;

  /** An admin (2FA, aal2) who is nobody's buyer or seller, for the money controls; one per platform. */
  admin(): Promise<StaffSession> {
    return (this.adminSession ??= staffSession(this.platform, 'admin'));
  }

  /** An admin refunds the purchase through the staff route (the acquirer's answer is applied at once). */
  async refunded(purchaseId: string): Promise<void> {
    const answer = await this.call('POST', `/api/admin/purchases/${purchaseId}/refund`, (await this.admin()).token);
    if (answer.status !== 200 || answer.body.status !== 'refunded')
      throw new Error(`refund: ${answer.status} ${answer.text}`);
  }

  /**
   * Runs `work` while the worker publishes no outbox rows, as behind a busy worker: a job the product
   * queues meanwhile (a mass message's fan-out) waits for the suite to drive it by hand, and is
   * published once `work` is done.
   */
  async relayHeld<T>(work: () => Promise<T>): Promise<T> {
    await this.platform.drain();
    const relay = this.platform.worker!.get(OutboxRelay);
    await relay.beforeApplicationShutdown();
    try {
      return await work();
    } finally {
      relay.start(50);
    }
  }

  /** A photo the creator uploads for messages: started through messaging, sent over tus, processed by the worker. */
  async uploadForMessages(creator: Creator): Promise<string> {
    const started = await this.call('POST', '/api/messages/media', creator.token, { kind: 'album' });
    if (started.status !== 201) throw new Error(`message media: ${started.status} ${started.text}`);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3c78c8' } })
      .jpeg()
      .toBuffer();
    const { error } = await tusUpload(this.platform.baseUrl, creator.token, photo, {
      contentId: started.body.contentId,
      filename: 'photo.jpg',
      filetype: 'image/jpeg',
    });
    if (error) throw error;
    await this.platform.drain();
    return started.body.contentId as string;
  }

  /** A moderator claims and approves an item under review; the worker carries the decision to messaging. */
  async approved(contentId: string): Promise<void> {
    for (const step of ['claim', 'approve']) {
      const answer = await this.call('POST', `/api/admin/content/${contentId}/${step}`, this.moderator.token);
      if (answer.status !== 200) throw new Error(`${step} ${contentId}: ${answer.status} ${answer.text}`);
    }
    await this.platform.drain();
  }

  async open(fan: Fan, creator: Creator): Promise<string> {
    const opened = await this.call('POST', '/api/messages/conversations', fan.token, { storeSlug: creator.slug });
    if (opened.status !== 201 && opened.status !== 200)
      throw new Error(`open conversation: ${opened.status} ${opened.text}`);
    return opened.body.id as string;
  }

  async send(
    token: string,
    conversationId: string,
    text: string,
    extra: Record<string, unknown> = {},
  ): Promise<ApiResponse> {
    return this.call('POST', `/api/messages/conversations/${conversationId}/messages`, token, {
      clientId: randomBytes(8).toString('hex'),
      text,
      ...extra,
    });
  }

  /** Sends and insists it was stored. */
  async sent(
    token: string,
    conversationId: string,
    text: string,
    extra: Record<string, unknown> = {},
  ): Promise<{ id: string; createdAt: string }> {
    const answer = await this.send(token, conversationId, text, extra);
    if (answer.status !== 201) throw new Error(`send: ${answer.status} ${answer.text}`);
    return answer.body;
  }

  events(topic: string, event?: string): Published[] {
    return this.published.filter((entry) => entry.topic === topic && (event === undefined || entry.event === event));
  }

  async messageRows(conversationId: string): Promise<number> {
    return (
      await this.db().execute<{ n: number }[]>(`select count(*)::int as n from messages where conversation_id = ?`, [
        conversationId,
      ])
    )[0].n;
  }
}
