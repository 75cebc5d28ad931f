import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FactorJson } from '../domain/user-json.js';

/**
 * Reads a user's authentication factors for the user JSON. Two-factor enrolment arrives with
 * the mfa module; until its table exists a user simply has none.
 */
@Injectable()
export class FactorReader {
  async forUser(_em: EntityManager, _userId: string): Promise<FactorJson[]> {
    return [];
  }
}
