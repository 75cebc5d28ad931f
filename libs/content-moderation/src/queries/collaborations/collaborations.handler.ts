import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { VerificationStatusQuery } from '#app/verification';
import { Collaboration } from '../../entities/collaboration.entity.js';
import { MyCollaborationsQuery, type CollaborationView } from './collaborations.query.js';
import { StoreNamesQuery } from './store-names.query.js';

@QueryHandler(MyCollaborationsQuery)
export class MyCollaborationsHandler implements IQueryHandler<MyCollaborationsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: MyCollaborationsQuery) {
    const entries = await this.orm.em
      .fork()
      .find(
        Collaboration,
        { $or: [{ creatorId: userId }, { collaboratorId: userId }], status: { $ne: 'removed' } },
        { orderBy: { requestedAt: 'desc' } },
      );
    // Each side is known by its store's public name, never by an account email (anyone may send a request).
    const ids = [...new Set(entries.flatMap((entry) => [entry.creatorId, entry.collaboratorId]))];
    const stores = await this.queries.execute(new StoreNamesQuery(ids));
    const verified = new Map<string, boolean>();
    for (const id of new Set(entries.map((entry) => entry.collaboratorId)))
      verified.set(id, (await this.queries.execute(new VerificationStatusQuery(id))).status === 'accepted');
    const view = (entry: Collaboration): CollaborationView => ({
      id: entry.id,
      creatorId: entry.creatorId,
      creatorStore: stores[entry.creatorId] ?? null,
      collaboratorId: entry.collaboratorId,
      collaboratorStore: stores[entry.collaboratorId] ?? null,
      collaboratorVerified: verified.get(entry.collaboratorId) ?? false,
      status: entry.status,
      message: entry.message,
      canVideos: entry.canVideos,
      canAlbums: entry.canAlbums,
      releaseForm: entry.releaseFormKey !== null,
      releaseFormUploadedAt: entry.releaseFormUploadedAt?.toISOString() ?? null,
      requestedAt: entry.requestedAt.toISOString(),
      decidedAt: entry.decidedAt?.toISOString() ?? null,
    });
    return {
      asCreator: entries.filter((entry) => entry.creatorId === userId).map(view),
      asCollaborator: entries.filter((entry) => entry.collaboratorId === userId).map(view),
    };
  }
}
