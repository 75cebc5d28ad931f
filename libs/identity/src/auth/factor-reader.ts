import { Inject, Injectable } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import type { FactorJson } from '../domain/user-json.js';
import { ListUserFactorsQuery } from '../queries/list-user-factors/list-user-factors.query.js';

/** A user's authentication factors, from whichever module answers ListUserFactorsQuery (mfa). */
@Injectable()
export class FactorReader {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async forUser(userId: string): Promise<FactorJson[]> {
    try {
      return await this.queries.execute(new ListUserFactorsQuery(userId));
    } catch (error) {
      if (error instanceof QueryHandlerNotFoundException) return [];
      throw error;
    }
  }
}
