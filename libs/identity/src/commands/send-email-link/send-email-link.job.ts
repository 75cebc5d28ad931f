import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, JobHandler, claimMessage, type JobData, type JobProcessor } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { FlowStates } from '../../auth/flow-states.js';

const CONSUMER = 'identity.send-email-link';

export type EmailLinkOutcome = 'sent' | 'skipped' | 'no-account' | 'already-confirmed';

/**
 * The work behind /recover and /resend, done in the worker so that the request answers in the
 * same time for any address: find the account, mint the link (and PKCE flow), queue the mail.
 */
@Injectable()
// On the notifications queue (no queue of its own: each queue costs every worker a connection pool).
@JobHandler('notifications', 'send-email-link')
export class SendEmailLinkJob implements JobProcessor<'notifications', 'send-email-link'> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(FlowStates) private readonly flows: FlowStates,
  ) {}

  handle(data: JobData<'notifications', 'send-email-link'>): Promise<EmailLinkOutcome> {
    return this.orm.em.fork().transactional(async (em) => {
      if (data.messageId && !(await claimMessage(em, CONSUMER, data.messageId))) return 'skipped';
      const user = await em.findOne(User, { email: data.email });
      if (!user) return 'no-account';
      if (data.kind === 'signup' && user.emailConfirmedAt) return 'already-confirmed';
      const flow = data.codeChallenge ? this.flows.start(em, user.id, data.kind, data.codeChallenge) : null;
      const token = await this.tokens.issue(em, user.id, data.kind, flow?.id ?? null);
      if (data.kind === 'recovery') {
        user.recoverySentAt = this.clock.now();
        this.mailer.resetPassword(
          em,
          user.email,
          token,
          this.mailer.safeRedirect(data.redirectTo ?? undefined, '/reset-password'),
        );
      } else {
        user.confirmationSentAt = this.clock.now();
        this.mailer.confirmSignup(em, user.email, token, data.redirectTo ?? undefined, flow !== null);
      }
      return 'sent';
    });
  }
}
