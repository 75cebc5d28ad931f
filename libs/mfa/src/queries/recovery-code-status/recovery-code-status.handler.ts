import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { RecoveryCodeStatusQuery } from './recovery-code-status.query.js';

@QueryHandler(RecoveryCodeStatusQuery)
export class RecoveryCodeStatusHandler implements IQueryHandler<RecoveryCodeStatusQuery> {
  constructor(@Inject(MfaRepository) private readonly mfa: MfaRepository) {}

  async execute({ userId }: RecoveryCodeStatusQuery): Promise<{ remaining: number; generatedAt: string | null }> {
    const codes = await this.mfa.transaction((em) => this.mfa.recoveryCodesOf(em, userId));
    const generatedAt = codes.length
      ? new Date(Math.min(...codes.map((code) => code.createdAt.getTime()))).toISOString()
      : null;
    return { remaining: codes.filter((code) => !code.usedAt).length, generatedAt };
  }
}
