import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FindUserQuery } from '#app/identity';
import { VerificationStatusQuery } from '#app/verification';
import { collaboratorProblems, type CollaboratorFacts } from '../../domain/collaborator-clearance.js';
import { Collaboration } from '../../entities/collaboration.entity.js';
import type { ContentItem } from '../../entities/content-item.entity.js';
import { contentCollaboratorIds } from '../../repositories/content-collaborators.repository.js';

/** Gathers what the clearance rule needs about everyone featured in an item. */
@Injectable()
export class CollaboratorCheck {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async problems(em: EntityManager, item: ContentItem): Promise<string[]> {
    const facts: CollaboratorFacts[] = [];
    for (const collaboratorId of await contentCollaboratorIds(em, item.id)) {
      const [user, verification, entry] = await Promise.all([
        this.queries.execute(new FindUserQuery(collaboratorId)),
        this.queries.execute(new VerificationStatusQuery(collaboratorId)),
        em.findOne(Collaboration, { creatorId: item.creatorId, collaboratorId, status: 'approved' }),
      ]);
      facts.push({
        collaboratorId,
        email: user?.email ?? null,
        verified: verification.status === 'accepted',
        listed: entry
          ? { canVideos: entry.canVideos, canAlbums: entry.canAlbums, releaseForm: entry.releaseFormKey !== null }
          : null,
      });
    }
    return collaboratorProblems(item.kind, facts);
  }
}
