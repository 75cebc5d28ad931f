import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { FindUserQuery } from '#app/identity';
import { VerificationStatusQuery } from '#app/verification';
import { Collaboration } from '../../entities/collaboration.entity.js';
import { MyCollaborationsQuery, type CollaborationView } from './collaborations.query.js';

@QueryHandler(MyCollaborationsQuery)
export class MyCollaborationsHandler implements IQueryHandler<MyCollaborationsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: MyCollaborationsQuery) {
    const entries = await this.orm.em.fork().find(Collaboration, { $or: [{ creatorId: userId }, { collaboratorId: userId }], status: { $ne: 'removed' } }, { orderBy: { requestedAt: 'desc' } });
    const people = new Map<string, { email: string | null; verified: boolean }>();
    for (const id of new Set(entries.flatMap((entry) => [entry.creatorId, entry.collaboratorId]))) {
      const [user, verification] = await Promise.all([this.queries.execute(new FindUserQuery(id)), this.queries.execute(new VerificationStatusQuery(id))]);
      people.set(id, { email: user?.email ?? null, verified: verification.status === 'accepted' });
    }
    const view = (entry: Collaboration): CollaborationView => ({
      id: entry.id,
      creatorId: entry.creatorId,
      creatorEmail: people.get(entry.creatorId)?.email ?? null,
      collaboratorId: entry.collaboratorId,
      collaboratorEmail: people.get(entry.collaboratorId)?.email ?? null,
      collaboratorVerified: people.get(entry.collaboratorId)?.verified ?? false,
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
