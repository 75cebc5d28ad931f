import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Writes to `consent_records` beyond recording one (which goes through the entity). */
@Injectable()
export class ConsentRecordRepository {
  /** Clears where the user's records were agreed from (IP addresses, user agents); what, which version and when stay. */
  async forgetOrigins(em: EntityManager, userId: string): Promise<void> {
    await em.execute(
      `update consent_records set ip_address = null, user_agent = null, client_ip_address = null, client_user_agent = null
        where user_id = ? and (ip_address is not null or user_agent is not null or client_ip_address is not null or client_user_agent is not null)`,
      [userId],
    );
  }
}
