import { Command } from '@nestjs/cqrs';
import type { AppRole } from '../../entities/user.entity.js';

export interface SeedAccount {
  role: AppRole;
  email: string;
  password: string;
}

/** Creates confirmed accounts that do not exist yet (demo data for `npm start`). */
export class SeedAccountsCommand extends Command<SeedAccount[]> {
  constructor(readonly accounts: SeedAccount[]) {
    super();
  }
}
