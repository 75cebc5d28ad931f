import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '#app/platform';
import { AccessTokens } from './auth/access-tokens.js';
import { BearerStrategy } from './auth/bearer.strategy.js';
import { SessionIssuer } from './auth/session-issuer.js';
import { FactorReader } from './auth/factor-reader.js';
import { BearerGuard } from './auth/bearer.guard.js';
import { Passwords } from './auth/passwords.js';
import { OneTimeTokens } from './auth/one-time-tokens.js';
import { IdentityMailer } from './auth/identity-mailer.js';
import { IdentityLimits } from './auth/identity-limits.js';
import { FlowStates } from './auth/flow-states.js';
import { SendEmailLinkJob } from './commands/send-email-link/send-email-link.job.js';
import { ExchangeCodeHandler } from './commands/exchange-code/exchange-code.handler.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { SignUpController } from './commands/sign-up/sign-up.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { TokenController } from './commands/sign-in/token.controller.js';
import { RefreshSessionHandler } from './commands/refresh-session/refresh-session.handler.js';
import { SignOutHandler } from './commands/sign-out/sign-out.handler.js';
import { SignOutController } from './commands/sign-out/sign-out.controller.js';
import { UpdateUserHandler } from './commands/update-user/update-user.handler.js';
import { ResendConfirmationHandler } from './commands/resend-confirmation/resend-confirmation.handler.js';
import { RecoverPasswordHandler } from './commands/recover-password/recover-password.handler.js';
import { EmailFlowsController } from './commands/recover-password/email-flows.controller.js';
import { VerifyOtpHandler } from './commands/verify-otp/verify-otp.handler.js';
import { VerifyController } from './commands/verify-otp/verify.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { UsersController } from './commands/reset-password/users.controller.js';
import { SeedAccountsHandler } from './commands/seed-accounts/seed-accounts.handler.js';
import { ElevateSessionHandler } from './commands/elevate-session/elevate-session.handler.js';
import { DowngradeFactorSessionsHandler } from './commands/downgrade-factor-sessions/downgrade-factor-sessions.handler.js';
import { EndSessionHandler } from './commands/sign-out/end-session.handler.js';
import { ListSessionsHandler } from './queries/list-sessions/list-sessions.handler.js';
import { SessionsController } from './queries/list-sessions/sessions.controller.js';
import { StaffGuard } from './auth/staff.guard.js';
import { FindUserHandler } from './queries/find-user/find-user.handler.js';
import { EmailRecipientHandler } from './queries/email-recipient/email-recipient.handler.js';
import { GetUserHandler } from './queries/get-user/get-user.handler.js';
import { UserController } from './queries/get-user/user.controller.js';
import { SiteGate } from './site-gate/site-gate.js';
import { ChangeUserRoleHandler } from './commands/change-role/change-role.handler.js';
import { SearchUsersHandler } from './queries/search-users/search-users.handler.js';
import { ListStaffHandler } from './queries/list-staff/list-staff.handler.js';
import { EraseAccountHandler } from './commands/erase-account/erase-account.handler.js';
import { ReauthenticateHandler } from './commands/reauthenticate/reauthenticate.handler.js';
import { ReauthenticateController } from './commands/reauthenticate/reauthenticate.controller.js';
import { SendReauthenticationCodeHandler } from './commands/send-reauthentication-code/send-reauthentication-code.handler.js';
import { ReauthenticationCodeController } from './commands/send-reauthentication-code/reauthenticate.controller.js';
import { AdminSitePasswordController, SiteGateController } from './site-gate/site-gate.controller.js';
import { AccountRoleRepository } from './repositories/account-role.repository.js';
import { PostgresAccountRoleRepository } from './repositories/postgres-account-role.repository.js';
import { OneTimeTokenRepository } from './repositories/one-time-token.repository.js';
import { SitePasswordRepository } from './repositories/site-password.repository.js';
import { UserSessionReadModel } from './auth/user-session.read-model.js';
import { ReauthenticationRepository } from './repositories/reauthentication.repository.js';
import { PostgresReauthenticationRepository } from './repositories/postgres-reauthentication.repository.js';

const handlers = [
  SignUpHandler,
  SignInHandler,
  RefreshSessionHandler,
  SignOutHandler,
  UpdateUserHandler,
  ResendConfirmationHandler,
  RecoverPasswordHandler,
  VerifyOtpHandler,
  ExchangeCodeHandler,
  VerifyEmailHandler,
  ResetPasswordHandler,
  SeedAccountsHandler,
  GetUserHandler,
  ElevateSessionHandler,
  DowngradeFactorSessionsHandler,
  EndSessionHandler,
  ListSessionsHandler,
  FindUserHandler,
  EmailRecipientHandler,
  ChangeUserRoleHandler,
  SearchUsersHandler,
  ListStaffHandler,
  ReauthenticateHandler,
  SendReauthenticationCodeHandler,
  EraseAccountHandler,
];

@Module({
  imports: [
    CqrsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject, not the string: jsonwebtoken would otherwise try the string as a PEM public key
      // and then build a key from it on every sign and verify (measured ~350 µs per verify, not ~11).
      useFactory: (config: AppConfig) => ({ secret: createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8')) }),
    }),
  ],
  controllers: [
    SignUpController,
    TokenController,
    SignOutController,
    UserController,
    EmailFlowsController,
    VerifyController,
    UsersController,
    SessionsController,
    SiteGateController,
    AdminSitePasswordController,
    ReauthenticateController,
    ReauthenticationCodeController,
  ],
  providers: [
    AccessTokens,
    BearerStrategy,
    SessionIssuer,
    FactorReader,
    BearerGuard,
    Passwords,
    OneTimeTokens,
    IdentityMailer,
    IdentityLimits,
    FlowStates,
    StaffGuard,
    SiteGate,
    UserSessionReadModel,
    OneTimeTokenRepository,
    SitePasswordRepository,
    { provide: AccountRoleRepository, useClass: PostgresAccountRoleRepository },
    { provide: ReauthenticationRepository, useClass: PostgresReauthenticationRepository },
    ...handlers,
  ],
  exports: [BearerGuard, BearerStrategy, StaffGuard, SiteGate],
})
export class IdentityModule {}

/**
 * Identity in a process without its HTTP surface (the worker): the queries other modules' jobs ask (a
 * user, a mail recipient, the staff to alert of a deadline) and the email-link job. The worker imports
 * this module alone, so each query has one handler there.
 */
@Module({
  imports: [CqrsModule],
  providers: [
    FindUserHandler,
    EmailRecipientHandler,
    ListStaffHandler,
    OneTimeTokens,
    OneTimeTokenRepository,
    IdentityMailer,
    FlowStates,
    SendEmailLinkJob,
  ],
})
export class IdentityQueriesModule {}
