import { Command } from '@nestjs/cqrs';
import type { AudienceSegment } from '#app/commerce';
import type { MassMessageView } from '../../repositories/mass-message.repository.js';

/**
 * Queues a mass message: one copy goes to the conversation of each fan of the segment (a worker
 * job delivers it). The creator's client id makes it idempotent: sent again, the stored one is
 * answered (`created` false) and nothing is queued twice.
 */
export class SendMassMessageCommand extends Command<{ massMessage: MassMessageView; created: boolean }> {
  constructor(
    readonly creatorId: string,
    readonly input: {
      clientId: string;
      segment: AudienceSegment;
      contentId: string | null;
      text: string;
      attachments: string[];
      priceMinor: number | null;
    },
  ) {
    super();
  }
}
