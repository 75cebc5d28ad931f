import { Inject, Injectable, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BearerGuard, type AuthContext } from '#app/identity';
import { AppError } from '#app/platform';
import { AgeCheckCookie } from './age-check-cookie.js';

type ViewerRequest = {
  headers: { authorization?: string; cookie?: string };
  viewer?: AuthContext | null;
  ageChecked?: boolean;
};

/**
 * Public routes that show more to signed-in callers (NSFW stores): a valid bearer token makes the
 * caller signed in; no token, or one that no longer authenticates, makes them anonymous. Failing
 * closed this way lets a stale token in the browser still load the public pages. The age-check
 * cookie is read here too: an anonymous visitor who passed it may see adult stores by their link.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(
    @Inject(BearerGuard) private readonly bearer: BearerGuard,
    @Inject(AgeCheckCookie) private readonly ageCheck: AgeCheckCookie,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ViewerRequest>();
    request.viewer = null;
    request.ageChecked = this.ageCheck.passed(request.headers.cookie);
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

/** Whether this browser holds a valid age-check cookie (OptionalAuthGuard routes). */
export const AgeChecked = createParamDecorator((_data: unknown, context: ExecutionContext): boolean => {
  return context.switchToHttp().getRequest<ViewerRequest>().ageChecked === true;
});
