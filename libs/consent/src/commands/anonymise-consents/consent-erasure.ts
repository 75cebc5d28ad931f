import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConsentRecordRepository } from '../../repositories/consent-record.repository.js';

/**
 * A deleted account's consent records stay as the proof of what was agreed to, which version and
 * when, but no longer say from where or on which device: the IP addresses and user agents go.
 */
@Injectable()
export class ConsentErasure {
  constructor(@Inject(ConsentRecordRepository) private readonly records: ConsentRecordRepository) {}

  async anonymiseIn(em: EntityManager, userId: string): Promise<void> {
    await this.records.forgetOrigins(em, userId);
  }
}
