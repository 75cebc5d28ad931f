import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { METRIC_PREFIX, Metrics } from '#app/platform';

/** /realtime/v1's series, in the application's registry beside the HTTP and job metrics. */
@Injectable()
export class RealtimeMetrics {
  readonly connections: Gauge;
  readonly joinsRefused: Counter<'reason'>;
  readonly frames: Counter<'direction'>;
  readonly busPublish: Histogram<'bus' | 'type'>;
  readonly publishFailures: Counter<'type'>;
  readonly eventsRefused: Counter<'outcome'>;
  readonly connectionsRefused: Counter<'cap'>;

  constructor(@Inject(Metrics) metrics: Metrics) {
    const registers = [metrics.registry];
    this.connections = new Gauge({
      name: `${METRIC_PREFIX}realtime_connections`,
      help: 'Open /realtime/v1 WebSocket connections of this instance',
      registers,
    });
    this.joinsRefused = new Counter({
      name: `${METRIC_PREFIX}realtime_joins_refused_total`,
      help: 'Channel joins refused, by reason code (Unauthorized, PrivateOnly, InvalidJWTToken, ...)',
      labelNames: ['reason'] as const,
      registers,
    });
    this.frames = new Counter({
      name: `${METRIC_PREFIX}realtime_frames_total`,
      help: 'WebSocket frames received (in) and sent (out)',
      labelNames: ['direction'] as const,
      registers,
    });
    this.busPublish = new Histogram({
      name: `${METRIC_PREFIX}realtime_bus_publish_seconds`,
      help: 'Time to put one message on the realtime bus (Redis PUBLISH or PostgreSQL NOTIFY), by bus and message type',
      labelNames: ['bus', 'type'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.publishFailures = new Counter({
      name: `${METRIC_PREFIX}realtime_publish_failures_total`,
      help: 'Server events (RealtimePublisher) that could not be put on the bus, logged and dropped',
      labelNames: ['type'] as const,
      registers,
    });
    this.connectionsRefused = new Counter({
      name: `${METRIC_PREFIX}realtime_connections_refused_total`,
      help: 'Sockets refused by a cap: anonymous sockets per address (at the upgrade), sockets per account (at the join)',
      labelNames: ['cap'] as const,
      registers,
    });
    this.eventsRefused = new Counter({
      name: `${METRIC_PREFIX}realtime_events_rate_limited_total`,
      help: 'Client broadcasts and presence messages over the per-socket allowance: dropped, or the one that closed an abusive socket',
      labelNames: ['outcome'] as const,
      registers,
    });
  }
}
