import { Command } from '@nestjs/cqrs';

export interface ChallengeResponse {
  id: string;
  type: 'totp';
  expires_at: number;
}

export class ChallengeFactorCommand extends Command<ChallengeResponse> {
  constructor(
    readonly userId: string,
    readonly factorId: string,
    readonly ip: string,
  ) {
    super();
  }
}
