import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  deleteSubmissions,
  lockSubmissionsOf,
  retainSubmissions,
} from '../../repositories/verification-submissions.repository.js';

/** How long an erased creator's ID record is kept after the account is deleted. */
export const RECORD_RETENTION_YEARS = 7;

/**
 * A deleted account's ID checks. Erasure is the rule (GDPR art. 17), with one exception the law
 * itself makes (art. 17(3)(b), a legal obligation to keep them):
 *
 * Decision: the accepted check of a creator who PUBLISHED content (an item ever approved, taken
 * down since or not) is the age and identity record behind that content. US 18 U.S.C. § 2257 /
 * 28 CFR 75 style record keeping and the card schemes' rules for adult content (Mastercard's
 * specification for adult content merchants) require it to be kept for years after the content
 * or the account is gone. That one record stays: name, date of birth, country and the two ID
 * images (encrypted at rest as every private file is, never served to anyone but a reviewing
 * moderator), marked `retained_until` = deletion + RECORD_RETENTION_YEARS. Everything else is
 * erased now: every check of a person who never published, and a creator's rejected or still
 * open checks, rows and image files alike.
 *
 * Returns the private file keys to delete once the transaction has committed.
 */
@Injectable()
export class VerificationErasure {
  async eraseIn(em: EntityManager, userId: string, now: Date, publishedContent: boolean): Promise<string[]> {
    const rows = await lockSubmissionsOf(em, userId);
    const kept = publishedContent ? rows.filter((row) => row.status === 'accepted') : [];
    const erased = rows.filter((row) => !kept.includes(row));
    await deleteSubmissions(
      em,
      erased.map((row) => row.id),
    );
    if (kept.length > 0) {
      const until = new Date(now);
      until.setUTCFullYear(until.getUTCFullYear() + RECORD_RETENTION_YEARS);
      await retainSubmissions(
        em,
        kept.map((row) => row.id),
        until,
      );
    }
    return erased.flatMap((row) => [row.userPhotoKey, row.idPhotoKey]);
  }
}
