import { Command } from '@nestjs/cqrs';
import type { AuthContext } from '#app/identity';

export interface EnrollResponse {
  id: string;
  type: 'totp';
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

export class EnrollFactorCommand extends Command<EnrollResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly factorType: string | undefined,
    readonly friendlyName: string,
  ) {
    super();
  }
}
