import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MessagingErrors } from '../../messaging.errors.js';
import { UpdateMessagingPreferencesCommand } from '../update-messaging-preferences/update-messaging-preferences.command.js';
import { DigestLinks } from './digest-links.js';
import { UnsubscribeDigestCommand } from './unsubscribe-digest.command.js';

@CommandHandler(UnsubscribeDigestCommand)
export class UnsubscribeDigestHandler implements ICommandHandler<UnsubscribeDigestCommand> {
  constructor(
    @Inject(DigestLinks) private readonly links: DigestLinks,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ token }: UnsubscribeDigestCommand): Promise<{ emailDigest: false }> {
    const userId = this.links.userOf(token);
    if (!userId) throw MessagingErrors.badUnsubscribeLink();
    await this.commands.execute(new UpdateMessagingPreferencesCommand(userId, false));
    return { emailDigest: false };
  }
}
