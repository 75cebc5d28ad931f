import { Command } from '@nestjs/cqrs';

export type SignOutScope = 'global' | 'local' | 'others';

export class SignOutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly scope: SignOutScope,
  ) {
    super();
  }
}
