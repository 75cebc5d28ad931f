import { Query } from '@nestjs/cqrs';

export interface CreatorActivityView {
  /** Null until the creator opens a store. */
  store: { slug: string; displayName: string; currency: string } | null;
  /** Fans whose subscription started on or after `since`. */
  newSubscribers: number;
  activeSubscribers: number;
}

/** The creator's store and subscriber counts, for the dashboard home. */
export class CreatorActivityQuery extends Query<CreatorActivityView> {
  constructor(
    readonly creatorId: string,
    readonly since: Date,
  ) {
    super();
  }
}
