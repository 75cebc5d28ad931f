import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { RealtimeMetrics } from '../realtime.metrics.js';
import { RealtimeBus, parseBusMessage, type BusMessage } from './realtime-bus.js';
import { notifyEach, readStoredEnvelope, storeAndNotify } from '../repositories/bus-messages.repository.js';

/** One NOTIFY channel for every topic; instances filter by the topics their sockets joined. */
export const NOTIFY_CHANNEL = 'fanmint_realtime';
/** NOTIFY refuses payloads of 8000 bytes and more: larger envelopes are stored and their row id notified. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;
const STORED = '#';
const RECONNECT_MS = [250, 1000, 2000, 5000];
const LISTEN_WAIT_MS = 3000;
/** Envelopes sent in one statement at most (one round trip, one transaction). */
const BATCH_MAX = 500;

interface Outgoing {
  text: string;
  settle: (error?: Error) => void;
}

const clientOptions = (connectionString: string): pg.ClientConfig => ({
  connectionString,
  connectionTimeoutMillis: 5000,
  query_timeout: 5000,
  application_name: 'fanmint-realtime',
});

/**
 * The embedded default: LISTEN/NOTIFY on the application database. Publishing goes through one
 * connection, so NOTIFYs leave in the order they were asked for, and one listener hands them on
 * in the order PostgreSQL delivers them (a stored envelope is read before the next is delivered).
 * Envelopes asked for while a statement is on its way leave together in the next one (a round trip
 * per NOTIFY capped the bus near 1,000 messages a second, and the queue then outgrew the query
 * timeout); each carries the publisher's sequence number, since PostgreSQL folds identical payloads
 * of one transaction into one.
 */
export class PostgresBus extends RealtimeBus {
  readonly kind = 'postgres';
  private readonly logger = new Logger('RealtimeBus');
  private publisher: Promise<pg.Client> | null = null;
  private listener: pg.Client | null = null;
  private deliver: ((message: BusMessage) => void) | null = null;
  private received: Promise<void> = Promise.resolve();
  private reconnects = 0;
  private closed = false;
  private outgoing: Outgoing[] = [];
  private sending = false;
  private sequence = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly metrics: RealtimeMetrics,
  ) {
    super();
  }

  /** Connects the listener in the background (retrying), so an api boots while the database is away. */
  async listen(deliver: (message: BusMessage) => void): Promise<void> {
    this.deliver = deliver;
    this.connectListener().catch((error: unknown) => {
      this.logger.warn(`bus listener could not connect: ${(error as Error).message}`);
      if (!this.closed) this.scheduleReconnect();
    });
  }

  /** One listener serves every topic: a join waits (a little) until it listens, or is refused and retried. */
  async watch(): Promise<void> {
    if (this.listener) return;
    const deadline = Date.now() + LISTEN_WAIT_MS;
    while (!this.listener) {
      if (this.closed || Date.now() > deadline)
        throw new Error('the realtime bus is not listening (database unreachable)');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async unwatch(): Promise<void> {}

  async publish(message: BusMessage): Promise<void> {
    const end = this.metrics.busPublish.startTimer({ bus: this.kind, type: message.type });
    const text = JSON.stringify({ ...message, seq: ++this.sequence });
    await new Promise<void>((resolve, reject) => {
      this.outgoing.push({ text, settle: (error) => (error ? reject(error) : resolve()) });
      void this.send();
    });
    end();
  }

  /** Sends what waits, in order: runs of small envelopes as one statement, a large one stored on its own. */
  private async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.outgoing.length > 0) {
        const large = Buffer.byteLength(this.outgoing[0].text) > NOTIFY_PAYLOAD_LIMIT;
        let count = 1;
        if (!large)
          while (
            count < Math.min(BATCH_MAX, this.outgoing.length) &&
            Buffer.byteLength(this.outgoing[count].text) <= NOTIFY_PAYLOAD_LIMIT
          )
            count++;
        const batch = this.outgoing.splice(0, count);
        try {
          const client = await this.publisherClient();
          if (large) await storeAndNotify(client, NOTIFY_CHANNEL, STORED, batch[0].text);
          else
            await notifyEach(
              client,
              NOTIFY_CHANNEL,
              batch.map((item) => item.text),
            );
          for (const item of batch) item.settle();
        } catch (error) {
          for (const item of batch) item.settle(error as Error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const publisher = this.publisher;
    this.publisher = null;
    await Promise.all([
      publisher?.then((client) => client.end()).catch(() => undefined),
      this.listener?.end().catch(() => undefined),
    ]);
    await this.received;
  }

  private publisherClient(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the realtime bus is closed'));
    this.publisher ??= (async () => {
      const client = new pg.Client(clientOptions(this.databaseUrl));
      // A lost connection is replaced on the next publish.
      const forget = () => {
        if (this.publisher === connecting) this.publisher = null;
      };
      client.on('error', (error) => {
        this.logger.warn(`bus publisher connection failed: ${error.message}`);
        forget();
      });
      client.on('end', forget);
      await client.connect().catch((error: unknown) => {
        forget();
        throw error;
      });
      return client;
    })();
    const connecting = this.publisher;
    return connecting;
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client(clientOptions(this.databaseUrl));
    client.on('notification', (notification) => this.receive(client, notification.payload ?? ''));
    client.on('error', (error) => this.logger.warn(`bus listener connection failed: ${error.message}`));
    client.on('end', () => {
      if (this.listener === client) this.listener = null;
      if (!this.closed) this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    this.listener = client;
    this.reconnects = 0;
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_MS[Math.min(this.reconnects++, RECONNECT_MS.length - 1)];
    this.logger.warn(`bus listener lost; reconnecting in ${delay} ms (messages sent meanwhile are not delivered here)`);
    setTimeout(() => {
      if (this.closed) return;
      this.connectListener().catch((error: unknown) => {
        this.logger.warn(`bus listener could not reconnect: ${(error as Error).message}`);
        if (!this.closed) this.scheduleReconnect();
      });
    }, delay).unref();
  }

  private receive(client: pg.Client, payload: string): void {
    this.received = this.received
      .then(async () => {
        let text: string | undefined = payload;
        if (payload.startsWith(STORED)) {
          text = await readStoredEnvelope(client, payload.slice(STORED.length));
        }
        const message = text === undefined ? null : parseBusMessage(text);
        if (message) this.deliver?.(message);
        else this.logger.warn(`ignored an unreadable or vanished bus message (${payload.slice(0, 40)})`);
      })
      .catch((error: unknown) => this.logger.warn(`bus message lost: ${(error as Error).message}`));
  }
}
