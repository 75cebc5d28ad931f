import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StaffDecisions } from '#app/platform';
import {
  partiesOfConversation,
  partiesOfMessage,
} from '../queries/conversation-members/conversation-members.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message and its conversation belong to both people in the conversation (the sender and the one it was sent to). */
@Injectable()
export class MessagingOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('conversation', async (em, id) =>
      UUID.test(id) ? partiesOfConversation(em, id) : [],
    );
    this.decisions.registerOwners('message', async (em, id) => (UUID.test(id) ? partiesOfMessage(em, id) : []));
  }
}
