import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { RealtimeBus, SESSIONS_TOPIC } from '../bus/realtime-bus.js';
import { RealtimeInstance } from '../realtime.instance.js';
import { LocalChannels } from '../transport/local-channels.js';
import { PresenceStore } from './presence-store.js';
import { PresenceTracker } from './presence-tracker.js';
import { pruneStoredEnvelopes } from '../repositories/bus-messages.repository.js';

/** Stored envelopes of the PostgreSQL bus are read within moments; older ones are gone after this. */
const STORED_MESSAGE_RETENTION_SECONDS = 300;

/**
 * An api instance on the bus: it starts delivering at boot, reports itself alive every third of
 * REALTIME_INSTANCE_TTL_MS, purges (and announces the leaves of) instances that stopped reporting,
 * and at shutdown, once its sockets are closed, leaves the store.
 */
@Injectable()
export class InstanceLiveness implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RealtimeLiveness');
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> = Promise.resolve();
  private reported = false;

  constructor(
    @Inject(PresenceStore) private readonly store: PresenceStore,
    @Inject(PresenceTracker) private readonly presence: PresenceTracker,
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Inject(LocalChannels) private readonly channels: LocalChannels,
    @Inject(RealtimeInstance) private readonly instance: RealtimeInstance,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Nothing here fails the boot: an api starts while the database or Redis is away, and catches up. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.listen((message) => this.channels.deliver(message));
    // Ended sessions concern every instance, whatever topics its sockets joined.
    await this.bus
      .watch(SESSIONS_TOPIC)
      .catch((error: unknown) => this.logger.warn(`not watching ended sessions yet: ${(error as Error).message}`));
    this.tick = this.beat();
    this.timer = setInterval(
      () => (this.tick = this.tick.then(() => this.beat())),
      Math.max(100, Math.floor(this.config.REALTIME_INSTANCE_TTL_MS / 3)),
    );
    this.timer.unref();
  }

  /** One round: alive, then the dead purged; exposed for tests that do not wait for the timer. */
  async beat(): Promise<void> {
    try {
      const known = await this.store.heartbeat(this.instance.id);
      // Unknown after its first report: purged as dead (paused past the TTL, or the store was away), so its metas are put back.
      if (!known && this.reported) this.logger.warn('this instance had been purged as dead; restoring its presence');
      if (!known) await this.presence.restore(this.channels.all());
      this.reported = true;
      const purged = await this.store.purgeDead(this.config.REALTIME_INSTANCE_TTL_MS);
      if (purged.length > 0) await this.presence.announceLeft(purged);
      if (this.bus.kind === 'postgres') {
        await pruneStoredEnvelopes(this.orm.em.fork(), STORED_MESSAGE_RETENTION_SECONDS);
      }
    } catch (error) {
      this.logger.warn(`realtime liveness round failed: ${(error as Error).message}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.tick;
    await this.store
      .forget(this.instance.id)
      .catch((error: unknown) => this.logger.warn(`could not leave the presence store: ${(error as Error).message}`));
  }
}
