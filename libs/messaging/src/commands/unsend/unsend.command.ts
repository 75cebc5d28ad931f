import { Command } from '@nestjs/cqrs';

/** What an unsend did: copies taken back, and buyers who keep theirs. */
export interface UnsendView {
  withdrawnFrom: number;
  keptBy: number;
}

/** The creator takes back one priced message they sent: gone for its recipient unless they paid for it. */
export class UnsendMessageCommand extends Command<UnsendView> {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

/** The creator takes back every copy of a mass message (one still sending stops); buyers keep theirs. */
export class UnsendMassMessageCommand extends Command<UnsendView> {
  constructor(
    readonly creatorId: string,
    readonly massMessageId: string,
  ) {
    super();
  }
}
