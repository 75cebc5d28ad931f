import { Command } from '@nestjs/cqrs';

/** The unsubscribe link of a digest was followed: the user it names stops getting digests. */
export class UnsubscribeDigestCommand extends Command<{ emailDigest: false }> {
  constructor(readonly token: string) {
    super();
  }
}
