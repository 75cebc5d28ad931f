import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { confirmAge } from '../../repositories/age-confirmations.repository.js';
import { findAgeConfirmation, ownsAStore } from './age-check.queries.js';
import { AgeCheckQuery } from './age-check.query.js';
import { RecordAgeCheckCommand, type AgeCheckView } from './record-age-check.command.js';

const view = (row: { confirmed_at: Date | string } | undefined): AgeCheckView => ({
  confirmed: row !== undefined,
  recordedAt: row ? new Date(row.confirmed_at).toISOString() : null,
});

@CommandHandler(RecordAgeCheckCommand)
export class RecordAgeCheckHandler implements ICommandHandler<RecordAgeCheckCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: RecordAgeCheckCommand): Promise<AgeCheckView> {
    const confirmedAt = await confirmAge(this.orm.em.fork(), userId, this.clock.now());
    return view(confirmedAt ? { confirmed_at: confirmedAt } : undefined);
  }
}

@QueryHandler(AgeCheckQuery)
export class AgeCheckHandler implements IQueryHandler<AgeCheckQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: AgeCheckQuery): Promise<AgeCheckView> {
    const em = this.orm.em.fork();
    const confirmedAt = await findAgeConfirmation(em, userId);
    if (confirmedAt) return view({ confirmed_at: confirmedAt });
    // A store's owner proved their age with the ID check that opening it required: never asked, but
    // their browser still needs the cookie that the store's images (plain <img> requests) are read with.
    return (await ownsAStore(em, userId)) ? { confirmed: true, recordedAt: null } : view(undefined);
  }
}
