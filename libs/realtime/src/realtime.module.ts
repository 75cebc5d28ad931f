import {
  Global,
  Inject,
  Injectable,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, UpgradedConnections, type AppConfig } from '#app/platform';
import { IdentityModule } from '#app/identity';
import { RealtimePublisher, TopicPolicies } from './realtime.ports.js';
import { RealtimeMetrics } from './realtime.metrics.js';
import { RealtimeInstance } from './realtime.instance.js';
import { RealtimeBus } from './bus/realtime-bus.js';
import { RealtimeRedis, RedisBus } from './bus/redis-bus.js';
import { PostgresBus } from './bus/postgres-bus.js';
import { BusPublisher } from './bus/bus-publisher.js';
import { PresenceStore } from './presence/presence-store.js';
import { RedisPresenceStore } from './presence/redis-presence-store.js';
import { PostgresPresenceStore } from './repositories/postgres-presence-store.js';
import { PresenceTracker } from './presence/presence-tracker.js';
import { TrackPresence } from './presence/track-presence.js';
import { InstanceLiveness } from './presence/instance-liveness.js';
import { TopicPolicyRegistry } from './channels/topic-policy.registry.js';
import { ChannelAccess } from './channels/channel-access.js';
import { JoinChannel } from './channels/join-channel.js';
import { RefreshToken } from './channels/refresh-token.js';
import { CloseEndedSessions } from './channels/close-ended-sessions.js';
import { AnnounceAccessChange, RecheckChannelAccess } from './channels/recheck-channel-access.js';
import { SendBroadcast } from './broadcast/send-broadcast.js';
import { HttpBroadcast } from './broadcast/http-broadcast.js';
import { BroadcastController } from './broadcast/broadcast.controller.js';
import { LocalChannels } from './transport/local-channels.js';
import { FrameRouter } from './transport/frame-router.js';
import { RealtimeServer } from './transport/realtime-server.js';
import { ConnectionCaps } from './transport/connection-caps.js';

/** Closes the bus and Redis connections last, after the sockets and the presence store are done. */
@Injectable()
class RealtimeConnections implements OnApplicationShutdown {
  constructor(
    @Inject(RealtimeBus) private readonly bus: RealtimeBus,
    @Optional() @Inject(RealtimeRedis) private readonly redis: RealtimeRedis | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    await this.redis?.close();
  }
}

/** What every process needs to publish: the bus of the platform's choice (Redis with REDIS_URL, else PostgreSQL). */
const publishing: Provider[] = [
  RealtimeMetrics,
  RealtimeInstance,
  TopicPolicyRegistry,
  { provide: TopicPolicies, useExisting: TopicPolicyRegistry },
  {
    provide: RealtimeRedis,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) =>
      config.REDIS_URL ? new RealtimeRedis(config.REDIS_URL, config.REDIS_PREFIX) : null,
  },
  {
    provide: RealtimeBus,
    inject: [APP_CONFIG, RealtimeRedis, RealtimeMetrics],
    useFactory: (config: AppConfig, redis: RealtimeRedis | null, metrics: RealtimeMetrics) =>
      redis ? new RedisBus(redis, metrics) : new PostgresBus(config.DATABASE_URL, metrics),
  },
  { provide: RealtimePublisher, useClass: BusPublisher },
  CloseEndedSessions,
  AnnounceAccessChange,
  RealtimeConnections,
];

/** The api's part: sockets, channels, presence and the REST broadcast routes. */
const serving: Provider[] = [
  {
    provide: PresenceStore,
    inject: [RealtimeRedis, MikroORM],
    useFactory: (redis: RealtimeRedis | null, orm: MikroORM) =>
      redis ? new RedisPresenceStore(redis) : new PostgresPresenceStore(orm),
  },
  PresenceTracker,
  TrackPresence,
  InstanceLiveness,
  ChannelAccess,
  JoinChannel,
  RefreshToken,
  RecheckChannelAccess,
  SendBroadcast,
  HttpBroadcast,
  LocalChannels,
  ConnectionCaps,
  FrameRouter,
  RealtimeServer,
  { provide: UpgradedConnections, useExisting: RealtimeServer },
];

/**
 * /realtime/v1 (contract: shared/reference/realtime-v1-contract.md). Global, so any module injects
 * `RealtimePublisher` and `TopicPolicies` without importing it. `forApi()` serves the WebSocket
 * endpoint (attach `RealtimeServer` to the HTTP server) and the REST broadcast routes;
 * `forWorker()` publishes only.
 */
@Global()
@Module({})
export class RealtimeModule {
  static forApi(): DynamicModule {
    return {
      module: RealtimeModule,
      imports: [IdentityModule],
      controllers: [BroadcastController],
      providers: [...publishing, ...serving],
      exports: [RealtimePublisher, TopicPolicies, UpgradedConnections, RealtimeServer, InstanceLiveness],
    };
  }

  static forWorker(): DynamicModule {
    return { module: RealtimeModule, providers: publishing, exports: [RealtimePublisher, TopicPolicies] };
  }
}
