import { Query } from '@nestjs/cqrs';
import type { AgeCheckView } from './record-age-check.command.js';

/** Whether an account has declared being 18 or older, and when. */
export class AgeCheckQuery extends Query<AgeCheckView> {
  constructor(readonly userId: string) {
    super();
  }
}
