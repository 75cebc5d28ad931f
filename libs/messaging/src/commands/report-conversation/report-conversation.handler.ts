import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock } from '#app/platform';
import { OpenCaseCommand } from '#app/content-moderation';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessageReads, type MessageView } from '../../queries/message-views/message-views.queries.js';
import { MessageReportRepository } from '../../repositories/message-report.repository.js';
import { ReportConversationCommand } from './report-conversation.command.js';

/** Messages kept as context: before the reported one, or the latest of a reported conversation. */
const CONTEXT = 20;

@CommandHandler(ReportConversationCommand)
export class ReportConversationHandler implements ICommandHandler<ReportConversationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(MessageReads) private readonly messages: MessageReads,
  ) {}

  async execute({ conversationId, reporter, messageId, reason, details, ip }: ReportConversationCommand) {
    const em = this.orm.em.fork();
    const conversation = await em.findOne(Conversation, conversationId);
    if (!conversation?.memberRole(reporter.id)) throw MessagingErrors.conversationNotFound();
    const reportedUserId = conversation.otherMember(reporter.id);
    const snapshot = await this.snapshot(conversationId, messageId, reporter.id, reportedUserId);

    // Claimed first (one report per member and subject), then the case opens; a refused case frees the claim.
    const reportId = randomUUID();
    const claim = {
      id: reportId,
      conversationId,
      messageId,
      reporterId: reporter.id,
      reportedUserId,
      snapshot,
      createdAt: this.clock.now(),
    };
    if (!(await MessageReportRepository.claim(em, claim))) throw MessagingErrors.alreadyReported();
    try {
      const subject = messageId ? 'message' : 'conversation';
      const caseDetails = this.caseDetails(details, snapshot.reported);
      const opened = await this.commands.execute(
        new OpenCaseCommand(
          'report',
          subject,
          messageId ?? conversationId,
          reason,
          caseDetails,
          reporter.id,
          reporter.email,
          ip,
        ),
      );
      await MessageReportRepository.attachCase(em, reportId, opened.id);
      return opened;
    } catch (error) {
      await MessageReportRepository.release(em, reportId);
      throw error;
    }
  }

  /** What the reporter sees of the conversation. */
  private async snapshot(
    conversationId: string,
    messageId: string | null,
    reporterId: string,
    reportedUserId: string,
  ): Promise<{ reported: MessageView | null; context: MessageView[] }> {
    const em = this.orm.em.fork();
    if (!messageId) {
      const latest = await this.messages.page(em, conversationId, reporterId, {}, CONTEXT);
      return { reported: null, context: await this.messages.views(em, latest, reporterId) };
    }
    const row = await this.messages.byId(em, conversationId, messageId);
    // A member reports what they received; their own messages are theirs to stop sending.
    if (!row || row.sender_id !== reportedUserId || !this.messages.visibleTo(row, reporterId))
      throw MessagingErrors.messageNotFound();
    const before = await this.messages.page(
      em,
      conversationId,
      reporterId,
      { before: { id: row.id, at: new Date(row.created_at) } },
      CONTEXT,
    );
    const [reported, ...context] = await this.messages.views(em, [row, ...before], reporterId);
    return { reported, context };
  }

  /** The moderator's console shows a case's details: the reporter's words, then the message reported. */
  private caseDetails(details: string, reported: MessageView | null): string {
    if (!reported) return details;
    const media = reported.attachments.length
      ? `\n[${reported.attachments.length} media: ${reported.attachments.map((a) => a.contentId).join(', ')}]`
      : '';
    return `${details}\n\nReported message (${reported.createdAt}, from ${reported.senderId}):\n${reported.text}${media}`;
  }
}
