import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, Outbox, type AppConfig } from '#app/platform';
import { allowedRedirect } from '../domain/redirect-target.js';

/** Puts identity emails on the outbox in the caller's unit of work. */
@Injectable()
export class IdentityMailer {
  constructor(
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The confirmation link opens our /verify-email page, carrying the redirect's `next` (the store
   * and item the fan was buying) so it works in any browser; in a PKCE flow it goes through
   * /auth/v1/verify instead, which redirects to the redirect with `?code=`.
   */
  confirmSignup(em: EntityManager, to: string, token: string, redirectTo: string | undefined, pkce: boolean): void {
    const target = this.safeRedirect(redirectTo, '/sign-in');
    const confirmUrl = pkce
      ? this.verifyUrl(token, 'signup', target)
      : this.verifyEmailPageUrl(token, new URL(target).searchParams.get('next'));
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'confirm-signup',
      variables: { confirmUrl },
    });
  }

  resetPassword(em: EntityManager, to: string, token: string, redirectTo: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'reset-password',
      variables: {
        resetUrl: this.verifyUrl(token, 'recovery', redirectTo),
        tokenUrl: `${this.config.PUBLIC_URL}/create-new-password/${encodeURIComponent(token)}`,
      },
    });
  }

  /** The link to the new address: opening it makes the change (contract §8, type `email_change`). */
  confirmEmailChange(em: EntityManager, to: string, token: string, redirectTo: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'confirm-email-change',
      variables: { confirmUrl: this.verifyUrl(token, 'email_change', redirectTo), newEmail: to },
    });
  }

  /** The current address confirms the change as well (GoTrue's secure email change), so a hijacked session cannot move the account away. */
  emailChangeRequested(em: EntityManager, to: string, newEmail: string, token: string, redirectTo: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'email-change-requested',
      variables: {
        newEmail,
        confirmUrl: this.verifyUrl(token, 'email_change', redirectTo),
        forgotUrl: `${this.config.PUBLIC_URL}/forgot-password`,
        settingsUrl: `${this.config.PUBLIC_URL}/dashboard/settings`,
      },
    });
  }

  /** The address the account left hears that it did. */
  emailChanged(em: EntityManager, to: string, newEmail: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'email-changed',
      variables: { newEmail, securityUrl: `${this.config.PUBLIC_URL}/dashboard/security` },
    });
  }

  reauthenticationCode(em: EntityManager, to: string, code: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'reauthentication-code',
      variables: { code, forgotUrl: `${this.config.PUBLIC_URL}/forgot-password` },
    });
  }

  /** Sent to the address before it is erased: the last email the account receives. */
  accountDeleted(em: EntityManager, to: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'account-deleted',
      variables: { privacyUrl: `${this.config.PUBLIC_URL}/privacy` },
    });
  }

  private verifyEmailPageUrl(token: string, next: string | null): string {
    const page = new URL(`${this.config.PUBLIC_URL}/verify-email`);
    page.searchParams.set('token', token);
    if (next) page.searchParams.set('next', next);
    return page.toString();
  }

  private verifyUrl(token: string, type: 'signup' | 'recovery' | 'email_change', redirectTo: string): string {
    const verify = new URL(`${this.config.PUBLIC_URL}/auth/v1/verify`);
    verify.searchParams.set('token', token);
    verify.searchParams.set('type', type);
    verify.searchParams.set('redirect_to', redirectTo);
    return verify.toString();
  }

  accountExists(em: EntityManager, to: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'account-exists',
      variables: {
        signInUrl: `${this.config.PUBLIC_URL}/sign-in`,
        forgotUrl: `${this.config.PUBLIC_URL}/forgot-password`,
      },
    });
  }

  passwordChanged(em: EntityManager, to: string): void {
    this.outbox.enqueue(em, 'notifications', 'send-email', {
      to,
      template: 'password-changed',
      variables: {
        forgotUrl: `${this.config.PUBLIC_URL}/forgot-password`,
        securityUrl: `${this.config.PUBLIC_URL}/dashboard/security`,
      },
    });
  }

  /** `redirect_to` is honoured only on our own origin (contract §8); anything else falls back. */
  safeRedirect(redirectTo: string | undefined, fallbackPath: string): string {
    return allowedRedirect(redirectTo, this.config.PUBLIC_URL, fallbackPath);
  }
}
