import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The Message-ID header (a repeated send of one message carries the same). */
  messageId: string | null;
  /** Every header as it arrived (unfolded), by lower-case name: the first of a repeated one. */
  headers: Record<string, string>;
}

/** A real SMTP listener in the test process; the platform sends to it and tests read what arrived. */
export class MailInbox {
  readonly messages: CapturedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;
  /** Makes the next N deliveries fail with a temporary error, to exercise retries. */
  failNext = 0;
  /** Holds every delivery this long before accepting it, to keep a send in flight. */
  delayMs = 0;
  /** While set, every delivery is held (not yet accepted) until `release()`: a send stays in flight. */
  private held: Promise<void> | null = null;
  private releaseHeld: (() => void) | null = null;
  /** Deliveries being received or held right now. */
  receiving = 0;
  /**
   * Like a real server, do not deliver a message whose sender hung up before we accepted it (the
   * crash suites turn it on; off, what was received is kept whatever became of the connection).
   */
  dropWhenSenderHangsUp = false;
  /** Messages not delivered because their sender hung up first (with dropWhenSenderHangsUp). */
  dropped = 0;
  private readonly closedSessions = new Set<string>();
  /** The delivery each session has under way: received in full yet or not, and whether it was settled. */
  private readonly inFlight = new Map<string, { received: boolean; settled: boolean }>();
  /** What happened to each delivery, in order (session, ms since the inbox started, event): a failed crash test prints it. */
  readonly timeline: string[] = [];
  private readonly startedAt = Date.now();
  /** Set by the test platform: says where mail that never arrived got stuck, for waitFor's timeout error. */
  explainMissing: (() => Promise<string>) | null = null;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onClose: (session) => {
        this.closedSessions.add(session.id);
        if (this.inFlight.has(session.id)) this.note(session.id, 'sender hung up');
        // A sender that hung up in the middle of its message (a killed worker) delivered nothing.
        const delivery = this.inFlight.get(session.id);
        if (delivery && !delivery.received) this.settle(session.id, delivery, this.dropWhenSenderHangsUp);
      },
      onData: (stream, session, callback) => {
        if (this.failNext > 0) {
          this.failNext -= 1;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
          return;
        }
        const delivery = { received: false, settled: false };
        this.inFlight.set(session.id, delivery);
        this.receiving += 1;
        this.note(session.id, `data to ${session.envelope.rcptTo.map((to) => to.address).join(',')}`);
        simpleParser(stream)
          .then(async (mail) => {
            delivery.received = !delivery.settled;
            this.note(session.id, delivery.received ? 'received in full' : 'parsed after settling');
            if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
            if (this.held) await this.held;
            if (this.dropWhenSenderHangsUp && this.closedSessions.has(session.id)) {
              this.settle(session.id, delivery, true);
              return callback();
            }
            if (!this.settle(session.id, delivery, false)) return callback();
            this.messages.push(toCaptured(mail));
            this.waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch((error: Error) => {
            this.settle(session.id, delivery, this.dropWhenSenderHangsUp);
            callback(error);
          });
      },
    });
  }

  /** Ends a session's delivery once (kept or dropped); false when it had already ended. */
  private settle(sessionId: string, delivery: { settled: boolean }, drop: boolean): boolean {
    if (delivery.settled) return false;
    delivery.settled = true;
    if (this.inFlight.get(sessionId) === delivery) this.inFlight.delete(sessionId);
    this.receiving -= 1;
    if (drop) this.dropped += 1;
    this.note(sessionId, drop ? 'dropped' : 'kept');
    return true;
  }

  private note(sessionId: string, event: string): void {
    this.timeline.push(`${sessionId} +${Date.now() - this.startedAt} ms ${event}${this.held ? ' (held)' : ''}`);
  }

  /** The sessions whose delivery is under way now (received or held, not yet kept or dropped). */
  sessionsInFlight(): string[] {
    return [...this.inFlight.keys()];
  }

  /** Whether this session's sender has hung up (the listener saw its connection close). */
  hasClosed(sessionId: string): boolean {
    return this.closedSessions.has(sessionId);
  }

  /** Holds every delivery from now on, unaccepted, until `release()` (however long the test takes to act). */
  hold(): void {
    if (this.held) return;
    this.held = new Promise<void>((resolve) => (this.releaseHeld = resolve));
  }

  /** Lets held deliveries (and later ones) through. */
  release(): void {
    if (this.held) this.timeline.push(`- +${Date.now() - this.startedAt} ms released`);
    this.releaseHeld?.();
    this.held = null;
    this.releaseHeld = null;
  }

  /** Connections that broke (a sender killed mid-delivery resets its socket); counted, never thrown. */
  connectionErrors = 0;

  async start(): Promise<this> {
    // smtp-server re-emits each connection's error on the server: with no listener, a sender killed
    // mid-delivery (the worker-crash suite) would throw ECONNRESET out of the suite.
    this.server.on('error', () => (this.connectionErrors += 1));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  for(address: string): CapturedMail[] {
    return this.messages.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits for the `nth` (1-based) mail to `address` whose subject matches. */
  async waitFor(address: string, subject: RegExp = /./, { nth = 1, timeoutMs = 15_000 } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.for(address).filter((mail) => subject.test(mail.subject));
      if (found.length >= nth) return found[nth - 1];
      const left = deadline - Date.now();
      if (left <= 0) {
        const have = this.messages.map((m) => `${m.to}:${m.subject}`).join(', ') || 'none';
        const stuck = this.explainMissing
          ? await this.explainMissing().catch((error: Error) => `(could not inspect the queue: ${error.message})`)
          : '';
        throw new Error(
          `No mail #${nth} to ${address} matching ${subject} within ${timeoutMs} ms (have: ${have})${stuck ? `; ${stuck}` : ''}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function toCaptured(mail: ParsedMail): CapturedMail {
  const to = [mail.to]
    .flat()
    .flatMap((address) => address?.value.map((entry) => (entry.address ?? '').toLowerCase()) ?? []);
  const html = typeof mail.html === 'string' ? mail.html : '';
  const links = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((match) => decodeEntities(match[1])))];
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines)
    headers[key] ??= line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  return {
    to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html,
    links,
    messageId: mail.messageId ?? null,
    headers,
  };
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
