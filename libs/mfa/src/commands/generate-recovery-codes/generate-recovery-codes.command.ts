import { Command } from '@nestjs/cqrs';
import type { AuthContext } from '#app/identity';

export class GenerateRecoveryCodesCommand extends Command<{ codes: string[] }> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}
