import { Command } from '@nestjs/cqrs';

export class ResetPasswordCommand extends Command<void> {
  constructor(
    readonly resetToken: string,
    readonly newPassword: string,
    readonly ip: string,
  ) {
    super();
  }
}
