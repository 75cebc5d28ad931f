import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../http/app-error.js';

/** What a staff decision can be about; each kind's owners come from the module that keeps it. */
export type DecisionSubjectKind =
  'account' | 'content' | 'store' | 'message' | 'conversation' | 'verification' | 'purchase';

export interface DecisionSubject {
  kind: DecisionSubjectKind;
  id: string;
}

/** The users a subject belongs to (null entries are ignored), read with the deciding transaction's EntityManager. */
export type SubjectOwnerResolver = (em: EntityManager, id: string) => Promise<readonly (string | null)[]>;

const NOUNS: Record<DecisionSubjectKind, string> = {
  account: 'your own account',
  content: 'content you made or are featured in',
  store: 'your own store',
  message: 'a message you sent or a conversation you are part of',
  conversation: 'a conversation you are part of',
  verification: 'your own verification',
  purchase: 'a purchase you made or were paid for',
};

/** The one refusal for every staff decision about the staff member's own account, work or money. */
export function ownSubjectError(kind: DecisionSubjectKind | 'case'): AppError {
  const what = kind === 'case' ? 'a case you filed' : NOUNS[kind];
  return new AppError(403, 'own_work', `You cannot decide about ${what}: another staff member handles it`, undefined, {
    subject: kind,
  });
}

/**
 * No staff member decides about themselves (report and case handling, content review, ID checks,
 * appeals, takedowns, refunds, roles). Modules register who owns each kind of subject; every
 * decision handler asks here, inside the transaction that decides, so ownership is read where the
 * decision is written.
 */
@Injectable()
export class StaffDecisions {
  private readonly resolvers = new Map<DecisionSubjectKind, SubjectOwnerResolver>([
    ['account', async (_em, id) => [id]],
  ]);

  registerOwners(kind: DecisionSubjectKind, resolver: SubjectOwnerResolver): void {
    this.resolvers.set(kind, resolver);
  }

  /** Everyone the subjects belong to. A kind no module registered fails closed: the decision cannot be checked. */
  async owners(em: EntityManager, subjects: readonly DecisionSubject[]): Promise<string[]> {
    const owners = new Set<string>();
    for (const subject of subjects) {
      const resolver = this.resolvers.get(subject.kind);
      if (!resolver) throw new Error(`No module registered the owners of ${subject.kind} subjects`);
      for (const owner of await resolver(em, subject.id)) if (owner) owners.add(owner);
    }
    return [...owners];
  }

  /** Throws {@link ownSubjectError} when `staffId` owns one of the subjects; returns all owners for claim views. */
  async assertNotOwn(em: EntityManager, staffId: string, subjects: readonly DecisionSubject[]): Promise<string[]> {
    for (const subject of subjects) {
      if ((await this.owners(em, [subject])).includes(staffId)) throw ownSubjectError(subject.kind);
    }
    return this.owners(em, subjects);
  }
}
