import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ListUserFactorsQuery, type FactorJson } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { toFactorJson } from '../../domain/factor-json.js';

/** Answers identity's question: the user's factors, for the user JSON and the aal checks. */
@QueryHandler(ListUserFactorsQuery)
export class ListUserFactorsHandler implements IQueryHandler<ListUserFactorsQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: ListUserFactorsQuery): Promise<FactorJson[]> {
    const factors = await this.orm.em.fork().find(MfaFactor, { userId }, { orderBy: { createdAt: 'asc' } });
    return factors.map(toFactorJson);
  }
}
