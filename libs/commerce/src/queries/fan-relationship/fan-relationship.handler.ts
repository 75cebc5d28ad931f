import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { findFanRelationship } from './fan-relationship.queries.js';
import { FanRelationshipQuery, type FanRelationshipView } from './fan-relationship.query.js';

const NONE: FanRelationshipView = { subscribed: false, everSubscribed: false, bought: false, favourite: false };

@QueryHandler(FanRelationshipQuery)
export class FanRelationshipHandler implements IQueryHandler<FanRelationshipQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ creatorId, fanId }: FanRelationshipQuery): Promise<FanRelationshipView> {
    const row = await findFanRelationship(this.orm.em.fork(), creatorId, fanId, this.clock.now());
    return row ?? NONE;
  }
}
