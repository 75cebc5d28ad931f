import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RealtimePublisher } from '#app/realtime';
import {
  ago,
  callApi,
  DAY_MS,
  timeTravel,
  signedInUser,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  type ApiResponse,
  type StaffSession,
  type TestPlatform,
  type TestPlatformOptions,
} from '#app/testing';

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
 */
export async function startMessagingPlatform(
  options: Pick<TestPlatformOptions, 'env' | 'queueBackend' | 'clock'> = {},
) {
  const platform = await startTestPlatform({
    ...options,
    acquirer: false,
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

  /** A store whose creator never signs in here (inserted as commerce stores it): a cheap address for many conversations. */
  async quietStore(): Promise<Creator> {
    const owner = randomUUID();
    const slug = `quiet-${randomBytes(4).toString('hex')}`;
    const [{ id }] = await this.db().execute<{ id: string }[]>(
      `insert into stores (id, owner_id, slug, display_name, accent_color, layout, default_video_price_minor, default_album_price_minor, currency, allow_downloads, visibility,
                           subscription_enabled, subscription_price_minor, tips_enabled, minimum_tip_minor, referrals_enabled, accepts_collaboration_requests, is_nsfw, created_at, updated_at)
       values (?, ?, ?, 'Quiet studio', '#a5529f', 'grid', 1000, 1500, 'EUR', false, 'public', false, 500, false, 300, false, false, false, now(), now()) returning id`,
      [randomUUID(), owner, slug],
    );
    return { userId: owner, token: '', slug, storeId: id };
  }

  async fan(): Promise<Fan> {
    const account = await signedInUser(this.platform);
    return { userId: account.session.user.id, token: account.session.access_token, email: account.email };
  }

  /** An account made long ago: past the new-account spam rules. */
  async age(userId: string, days = 30): Promise<void> {
    await timeTravel(this.platform, 'accountCreatedAt', userId, ago(days * DAY_MS));
  }

  /** A live subscription, written as commerce stores one (its payment flow has its own suites). */
  async subscribe(fan: Fan, creator: Creator, status: 'active' | 'expired' = 'active'): Promise<void> {
    const periodEnd = status === 'active' ? "now() + interval '20 days'" : "now() - interval '10 days'";
    await this.db().execute(
      `insert into subscriptions (id, subscriber_id, store_id, creator_id, status, auto_renew, price_minor, currency, method, payment_method_ref, current_period_start, current_period_end, started_at, updated_at)
       values (?, ?, ?, ?, ?, true, 999, 'USD', 'card', 'pm_test', now() - interval '10 days', ${periodEnd}, now() - interval '10 days', now())`,
      [randomUUID(), fan.userId, creator.storeId, creator.userId, status],
    );
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
