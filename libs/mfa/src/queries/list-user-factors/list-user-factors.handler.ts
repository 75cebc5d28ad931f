import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ListUserFactorsQuery, type FactorJson } from '#app/identity';
import { UserFactorsReadModel } from './user-factors.read-model.js';

/** Answers identity's question: the user's factors, for the user JSON and the aal checks. */
@QueryHandler(ListUserFactorsQuery)
export class ListUserFactorsHandler implements IQueryHandler<ListUserFactorsQuery> {
  constructor(@Inject(UserFactorsReadModel) private readonly factors: UserFactorsReadModel) {}

  execute({ userId }: ListUserFactorsQuery): Promise<FactorJson[]> {
    return this.factors.list(userId);
  }
}
