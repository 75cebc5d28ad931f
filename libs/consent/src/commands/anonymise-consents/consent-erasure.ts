import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A deleted account's consent records stay as the proof of what was agreed to, which version and
 * when, but no longer say from where or on which device: the IP addresses and user agents go.
 */
@Injectable()
export class ConsentErasure {
  async anonymiseIn(em: EntityManager, userId: string): Promise<void> {
    await em.execute(
      `update consent_records set ip_address = null, user_agent = null, client_ip_address = null, client_user_agent = null
        where user_id = ? and (ip_address is not null or user_agent is not null or client_ip_address is not null or client_user_agent is not null)`,
      [userId],
    );
  }
}
