import { Query } from '@nestjs/cqrs';

/** CSV of every wallet eligible for the community airdrop at a snapshot instant. */
export class AirdropExportQuery extends Query<string> {
  constructor(readonly snapshot: Date) {
    super();
  }
}
