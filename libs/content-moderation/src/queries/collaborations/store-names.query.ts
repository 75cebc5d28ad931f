import { Query } from '@nestjs/cqrs';

export interface StoreName {
  name: string;
  slug: string;
}

/**
 * The public name and slug of each given user's store, by user id (users without a store are left
 * out). Collaborations show these, never account emails; commerce answers it, stores being its data.
 */
export class StoreNamesQuery extends Query<Record<string, StoreName>> {
  constructor(readonly ownerIds: string[]) {
    super();
  }
}
