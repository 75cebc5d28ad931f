import type { EntityManager } from '@mikro-orm/postgresql';
import type { CommandBus, ICommand } from '@nestjs/cqrs';
import {
  FixedClock,
  loadConfig,
  MemoryRateLimits,
  Outbox,
  type JobName,
  type JobPayload,
  type QueueName,
} from '#app/platform';
import type { AuthContext, SessionResponse } from '#app/identity';
import { MfaKit } from '../domain/mfa-services.js';
import { InMemoryMfaRepository } from './in-memory-mfa.repository.js';

/** The outbox, recording the jobs a transaction would commit instead of persisting them. */
export class RecordingOutbox extends Outbox {
  readonly jobs: { jobName: string; payload: Record<string, unknown> }[] = [];

  override enqueue<Q extends QueueName, N extends JobName<Q>>(
    _em: EntityManager,
    _queue: Q,
    jobName: N,
    payload: JobPayload<Q, N>,
  ): void {
    this.jobs.push({ jobName, payload: payload as Record<string, unknown> });
  }

  /** The templates of the emails sent so far. */
  mailTemplates(): unknown[] {
    return this.jobs.filter((job) => job.jobName === 'send-email').map((job) => job.payload.template);
  }
}

/** The command bus as the mfa handlers use it: identity's session commands, recorded and answered with a stand-in. */
export class RecordingCommandBus {
  readonly sent: ICommand[] = [];

  async execute(command: ICommand): Promise<SessionResponse> {
    this.sent.push(command);
    return { access_token: 'elevated' } as SessionResponse;
  }
}

/** The mfa handlers' collaborators in memory, for millisecond specs. */
export function mfaKit(now = new Date('2030-02-01T10:00:00.000Z')) {
  // Only JWT_SECRET (the secret box) and PUBLIC_URL (issuer, mail links) are read; the rest is what the configuration requires.
  const config = loadConfig({
    PUBLIC_URL: 'https://fanmint.test',
    DATABASE_URL: 'postgres://unused/none',
    SMTP_URL: 'smtp://unused',
    JWT_SECRET: 'a-secret-for-specs-only-long-enough-0123456789',
  });
  const outbox = new RecordingOutbox();
  const commands = new RecordingCommandBus();
  return {
    clock: new FixedClock(now),
    repository: new InMemoryMfaRepository(),
    kit: new MfaKit(config, new MemoryRateLimits(config), outbox),
    outbox,
    commands,
    bus: commands as unknown as Pick<CommandBus, 'execute'>,
  };
}

/** A signed-in user as the bearer guard hands them to a command. */
export function signedIn(userId: string, aal: 'aal1' | 'aal2' = 'aal1'): AuthContext {
  return {
    user: { id: userId, email: `${userId}@example.test` },
    sessionId: `session-of-${userId}`,
    claims: { sub: userId, aal, session_id: `session-of-${userId}` },
    accessToken: 'token',
    authenticatedAt: null,
  } as unknown as AuthContext;
}
