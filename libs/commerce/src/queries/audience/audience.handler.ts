import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { AudienceCountQuery, AudiencePageQuery } from './audience.query.js';
import { audienceCount, audiencePage } from './audience.queries.js';

@QueryHandler(AudiencePageQuery)
export class AudiencePageHandler implements IQueryHandler<AudiencePageQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ selector, afterFanId, limit }: AudiencePageQuery): Promise<string[]> {
    return audiencePage(this.orm.em.fork(), selector, this.clock.now(), afterFanId, limit);
  }
}

@QueryHandler(AudienceCountQuery)
export class AudienceCountHandler implements IQueryHandler<AudienceCountQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  execute({ selector }: AudienceCountQuery): Promise<number> {
    return audienceCount(this.orm.em.fork(), selector, this.clock.now());
  }
}
