import { Query } from '@nestjs/cqrs';
import type { FactorJson } from '../../domain/user-json.js';

/**
 * Identity asks for a user's authentication factors; the mfa module answers. Kept here so the
 * dependency runs one way (mfa → identity).
 */
export class ListUserFactorsQuery extends Query<FactorJson[]> {
  constructor(readonly userId: string) {
    super();
  }
}
