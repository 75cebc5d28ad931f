import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ContentByIdQuery, SubmitContentCommand } from '#app/content-moderation';
import { VerificationStatusQuery } from '#app/verification';
import { attachable } from '../../domain/attachments.js';
import { MessagingErrors } from '../../messaging.errors.js';
import type { MessageAttachment as NewAttachment } from '../../domain/message.js';

/**
 * Turns the content ids a creator attaches into attachments (SPEC §5, Mastercard's rule): only a
 * verified creator sends media; an approved store item goes at once, an upload made for messages
 * enters content-moderation's pre-publication review here and is held until approved.
 */
@Injectable()
export class AttachmentResolver {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async resolve(senderId: string, contentIds: string[]): Promise<NewAttachment[]> {
    if (contentIds.length === 0) return [];
    const verification = await this.queries.execute(new VerificationStatusQuery(senderId));
    if (verification.status !== 'accepted') throw MessagingErrors.notVerified();
    const resolved: NewAttachment[] = [];
    for (const contentId of contentIds) {
      const item = await this.queries.execute(new ContentByIdQuery(contentId));
      const verdict = attachable(item, senderId);
      if (!verdict.ok) throw MessagingErrors.attachment(verdict.reason === 'not_found' ? 404 : 409, verdict.message);
      // content-moderation refuses an upload still processing or without files, with its own error.
      if (verdict.submit) await this.commands.execute(new SubmitContentCommand(senderId, contentId));
      resolved.push({ contentId, kind: item!.kind, source: verdict.source, status: verdict.status });
    }
    return resolved;
  }
}
