import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, Outbox, type AppConfig } from '#app/platform';

/** Puts identity emails on the outbox in the caller's unit of work. */
@Injectable()
export class IdentityMailer {
  constructor(
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  confirmSignup(em: EntityManager, to: string, token: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'confirm-signup',
      variables: { confirmUrl: `${this.config.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}` },
    });
  }

  resetPassword(em: EntityManager, to: string, token: string, redirectTo: string): void {
    const verify = new URL(`${this.config.PUBLIC_URL}/auth/v1/verify`);
    verify.searchParams.set('token', token);
    verify.searchParams.set('type', 'recovery');
    verify.searchParams.set('redirect_to', redirectTo);
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'reset-password',
      variables: { resetUrl: verify.toString(), tokenUrl: `${this.config.PUBLIC_URL}/create-new-password/${encodeURIComponent(token)}` },
    });
  }

  accountExists(em: EntityManager, to: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'account-exists',
      variables: { signInUrl: `${this.config.PUBLIC_URL}/sign-in`, forgotUrl: `${this.config.PUBLIC_URL}/forgot-password` },
    });
  }

  passwordChanged(em: EntityManager, to: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'password-changed',
      variables: { forgotUrl: `${this.config.PUBLIC_URL}/forgot-password`, securityUrl: `${this.config.PUBLIC_URL}/dashboard/security` },
    });
  }

  /** `redirect_to` is honoured only on our own origin (contract §8); anything else falls back. */
  safeRedirect(redirectTo: string | undefined, fallbackPath: string): string {
    const fallback = `${this.config.PUBLIC_URL}${fallbackPath}`;
    if (!redirectTo) return fallback;
    try {
      const target = new URL(redirectTo);
      const own = new URL(this.config.PUBLIC_URL);
      const sameHost = target.protocol === own.protocol && target.hostname === own.hostname;
      const portOk = target.port === own.port || own.hostname === 'localhost' || own.hostname === '127.0.0.1';
      return sameHost && portOk ? target.toString() : fallback;
    } catch {
      return fallback;
    }
  }
}
