import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The SMTP connection every email leaves through. */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = nodemailer.createTransport(config.SMTP_URL, { from: config.MAIL_FROM });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.config.MAIL_FROM, ...mail });
  }

  async ping(): Promise<void> {
    await this.transporter.verify();
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
