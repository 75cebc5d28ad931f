import { Command } from '@nestjs/cqrs';
import type { ClientInfo, SessionResponse } from '../../auth/session-issuer.js';

export type EmailLinkType = 'signup' | 'recovery';

/** What a redeemed link of a PKCE flow yields instead of a session: the code for `grant_type=pkce`. */
export interface PkceAuthCode {
  auth_code: string;
}

/** The first of an email change's two links: accepted, and nothing changes until the other is opened. */
export interface PendingConfirmation {
  msg: string;
}

export type VerifyOtpResult = SessionResponse | PkceAuthCode | PendingConfirmation;

export class VerifyOtpCommand extends Command<VerifyOtpResult> {
  constructor(
    readonly type: string | undefined,
    readonly token: string | undefined,
    readonly client: ClientInfo,
    /** `verifyOtp({ email, token })`: the token must belong to this address. */
    readonly email?: string,
    /** GET /verify (the emailed link): a PKCE flow's link yields an auth code. */
    readonly viaLink = false,
  ) {
    super();
  }
}
