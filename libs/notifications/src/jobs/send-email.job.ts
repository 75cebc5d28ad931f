import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { UnrecoverableError } from 'bullmq';
import {
  APP_CONFIG,
  JobHandler,
  MailTransport,
  claimMessage,
  wasProcessed,
  type AppConfig,
  type JobData,
  type JobProcessor,
} from '#app/platform';
import { renderEmail, UnknownTemplateError } from '../templates/render-email.js';

const CONSUMER = 'notifications.send-email';

/** Renders and sends one email. Retried with backoff by the queue; a redelivery after success is skipped. */
@Injectable()
@JobHandler('notifications', 'send-email')
export class SendEmailJob implements JobProcessor<'notifications', 'send-email'> {
  private readonly logger = new Logger(SendEmailJob.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MailTransport) private readonly mail: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(data: JobData<'notifications', 'send-email'>): Promise<'sent' | 'skipped'> {
    const em = this.orm.em.fork();
    if (data.messageId && (await wasProcessed(em, CONSUMER, data.messageId))) return 'skipped';
    let rendered;
    try {
      rendered = renderEmail(data.template, data.variables, this.config.PUBLIC_URL);
    } catch (error) {
      if (error instanceof UnknownTemplateError) throw new UnrecoverableError(error.message);
      throw error;
    }
    // Delivery is at least once: a worker killed between the server's acceptance and claimMessage sends
    // again. The repeat carries the same Message-ID, so the reader still sees one message.
    const messageId = data.messageId ? `${CONSUMER}.${data.messageId}@${this.mail.messageIdDomain}` : undefined;
    const listUnsubscribe = data.unsubscribeUrl
      ? { url: data.unsubscribeUrl, mailto: this.mail.unsubscribeMailto(`unsubscribe ${data.template}`) }
      : undefined;
    await this.mail.send({ to: data.to, ...rendered, messageId, listUnsubscribe });
    if (data.messageId) await claimMessage(em, CONSUMER, data.messageId);
    this.logger.log(`Sent "${data.template}" email (message ${data.messageId ?? 'direct'})`);
    return 'sent';
  }
}
