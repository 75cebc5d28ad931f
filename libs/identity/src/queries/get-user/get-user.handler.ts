import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toUserJson } from '../../domain/user-json.js';
import { FactorReader } from '../../auth/factor-reader.js';
import { GetUserQuery } from './get-user.query.js';

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery> {
  constructor(@Inject(FactorReader) private readonly factors: FactorReader) {}

  async execute({ user }: GetUserQuery): Promise<Record<string, unknown>> {
    return toUserJson(user, await this.factors.forUser(user.id));
  }
}
