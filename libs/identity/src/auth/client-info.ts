import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './session-issuer.js';

/** The caller's address (Fastify honours X-Forwarded-For only when TRUST_PROXY is on) and user agent. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
});
