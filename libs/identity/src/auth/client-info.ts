import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ClientInfo } from './session-issuer.js';

/** The caller's address (Express reads X-Forwarded-For only when TRUST_PROXY is on) and user agent. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const request = context.switchToHttp().getRequest<Request>();
  return {
    ip: request.ip ?? request.socket.remoteAddress ?? '',
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
});
