import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { RecoveryCode } from '../../entities/recovery-code.entity.js';
import { RecoveryCodeStatusQuery } from './recovery-code-status.query.js';

@QueryHandler(RecoveryCodeStatusQuery)
export class RecoveryCodeStatusHandler implements IQueryHandler<RecoveryCodeStatusQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: RecoveryCodeStatusQuery): Promise<{ remaining: number; generatedAt: string | null }> {
    const codes = await this.orm.em.fork().find(RecoveryCode, { userId });
    const generatedAt = codes.length
      ? new Date(Math.min(...codes.map((code) => new Date(code.createdAt).getTime()))).toISOString()
      : null;
    return { remaining: codes.filter((code) => !code.usedAt).length, generatedAt };
  }
}
