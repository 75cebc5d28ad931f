import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BearerGuard, type AuthContext } from '#app/identity';
import { AppError } from '#app/platform';

type ViewerRequest = { headers: { authorization?: string }; viewer?: AuthContext | null };

/**
 * Public routes that show more to signed-in callers (NSFW stores): a valid bearer token makes the
 * caller signed in; no token, or one that no longer authenticates, makes them anonymous. Failing
 * closed this way lets a stale token in the browser still load the public pages.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(@Inject(BearerGuard) private readonly bearer: BearerGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ViewerRequest>();
    request.viewer = null;
    const header = request.headers.authorization;
    if (!header) return true;
    try {
      request.viewer = await this.bearer.authenticate(header);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
    return true;
  }
}

/** The signed-in caller of an OptionalAuthGuard route, or null for an anonymous one. */
export const Viewer = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext | null => {
  return context.switchToHttp().getRequest<ViewerRequest>().viewer ?? null;
});
