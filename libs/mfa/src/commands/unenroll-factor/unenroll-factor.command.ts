import { Command } from '@nestjs/cqrs';
import type { AuthContext } from '#app/identity';

export class UnenrollFactorCommand extends Command<{ id: string }> {
  constructor(
    readonly auth: AuthContext,
    readonly factorId: string,
  ) {
    super();
  }
}
