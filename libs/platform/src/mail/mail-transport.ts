import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The Message-ID header, without angle brackets. Set it from the job's identity so that a send
   * repeated after a crash (the server accepted it, the worker died before recording that) carries
   * the same id: mail systems and clients show one message per Message-ID.
   */
  messageId?: string;
  /** Bulk mail (a digest): where its reader stops it. Sent as List-Unsubscribe with one-click POST (RFC 8058). */
  listUnsubscribe?: ListUnsubscribe;
}

export interface ListUnsubscribe {
  /** An https URL that unsubscribes on a POST without a session or a confirmation page (signed for the one recipient). */
  url: string;
  mailto: string;
}

/** The SMTP connection every email leaves through. */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = nodemailer.createTransport(config.SMTP_URL, { from: config.MAIL_FROM });
  }

  async send({ messageId, listUnsubscribe, ...mail }: OutgoingMail): Promise<void> {
    const headers = listUnsubscribe && {
      'List-Unsubscribe': `<${listUnsubscribe.url}>, <${listUnsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await this.transporter.sendMail({
      from: this.config.MAIL_FROM,
      ...mail,
      ...(messageId ? { messageId: `<${messageId}>` } : {}),
      ...(headers ? { headers } : {}),
    });
  }

  /** A mailto for List-Unsubscribe at the sender's domain; `subject` tells the mailbox's reader what to stop. */
  unsubscribeMailto(subject: string): string {
    return `mailto:unsubscribe@${this.messageIdDomain}?subject=${encodeURIComponent(subject)}`;
  }

  /** The domain our Message-IDs are made in: the sender address's. */
  get messageIdDomain(): string {
    return /@([^>\s]+)/.exec(this.config.MAIL_FROM)?.[1] ?? 'fanmint.local';
  }

  async ping(): Promise<void> {
    await this.transporter.verify();
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
