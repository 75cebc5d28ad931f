import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffDecisions } from '#app/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message and its conversation belong to both people in the conversation (the sender and the one it was sent to). */
@Injectable()
export class MessagingOwners implements OnModuleInit {
  constructor(@Inject(StaffDecisions) private readonly decisions: StaffDecisions) {}

  onModuleInit(): void {
    this.decisions.registerOwners('conversation', async (em, id) => (UUID.test(id) ? this.participants(em, `select ?::uuid as id`, id) : []));
    this.decisions.registerOwners('message', async (em, id) => (UUID.test(id) ? this.participants(em, `select conversation_id as id from messages where id = ?`, id) : []));
  }

  private async participants(em: EntityManager, conversation: string, id: string): Promise<string[]> {
    const rows = await em.execute<{ fan_id: string; creator_id: string }[]>(`select fan_id, creator_id from conversations where id in (${conversation})`, [id]);
    return rows.flatMap((row) => [row.fan_id, row.creator_id]);
  }
}
