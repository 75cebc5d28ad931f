import { Inject, Injectable, SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError } from '#app/platform';
import { IdentityErrors } from '../identity.errors.js';
import {
  BearerStrategy,
  type AuthContext,
  type BearerAuthenticateOptions,
  type BearerRequest,
} from './bearer.strategy.js';

export type { AuthContext } from './bearer.strategy.js';

const SIGNED_OUT_MESSAGE = 'fanmint:signed-out-message';

/**
 * Signed-in routes: Nest's AuthGuard running the 'bearer' strategy, which leaves the caller in
 * `request.auth` (read by @CurrentAuth and StaffGuard). Every refusal is the strategy's own
 * AppError, unless the route names its signed-out message.
 */
@Injectable()
export class BearerGuard extends AuthGuard('bearer') {
  constructor(
    @Inject(BearerStrategy) private readonly strategy: BearerStrategy,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {
    super();
  }

  /** Here rather than in PassportModule options, so no module's registration can move `auth` or switch sessions on. */
  override getAuthenticateOptions(): BearerAuthenticateOptions & { property: keyof BearerRequest } {
    return { session: false, property: 'auth', strategy: this.strategy };
  }

  override handleRequest<TUser = AuthContext>(
    error: unknown,
    auth: TUser | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error || !auth) {
      const refusal = error ?? IdentityErrors.noAuthorization();
      const message = this.reflector.getAllAndOverride<string | undefined>(SIGNED_OUT_MESSAGE, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (message && refusal instanceof AppError) throw new AppError(401, refusal.code, message);
      throw refusal;
    }
    return auth;
  }

  /**
   * The same check outside a guarded route, for callers that treat a refused token their own way
   * (optional sign-in on public pages, the tus upload hooks).
   */
  authenticate(header: string | undefined): Promise<AuthContext> {
    return this.strategy.authenticateHeader(header);
  }
}

/** The message a route answers (401) when the caller has no valid session, e.g. SPEC §6's rewards messages. */
export const SignedOutMessage = (message: string) => SetMetadata(SIGNED_OUT_MESSAGE, message);

export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<BearerRequest>().auth;
  if (!auth) throw IdentityErrors.noAuthorization();
  return auth;
});
