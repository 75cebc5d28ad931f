import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { ConsentRecordRepository, ConsentRecordValue } from '../repositories/consent-record.repository.js';

const at = new Date('2030-04-01T08:00:00.000Z');
const later = new Date('2030-04-02T08:00:00.000Z');

const consent = (userId: string, consentType: string, recordedAt = at): ConsentRecordValue => ({
  userId,
  consentType,
  version: '1.0.0',
  granted: true,
  ipAddress: '198.51.100.7',
  userAgent: 'Browser/1.0',
  clientIpAddress: '10.0.0.2',
  clientUserAgent: 'App/2.0',
  recordedAt,
});

/**
 * The behaviour every ConsentRecordRepository adapter shares, run against PostgreSQL
 * (repositories/consent-record.repository.e2e.ts) and in memory (in-memory-consent-record.repository.spec.ts).
 */
export function consentRecordRepositoryContract(name: string, repository: () => ConsentRecordRepository): void {
  describe(`the consent record repository (${name})`, () => {
    it('knows the published policy versions', async () => {
      expect(await repository().isPolicyVersion('terms_of_service', '1.0.0')).toBe(true);
      expect(await repository().isPolicyVersion('terms_of_service', '9.9.9')).toBe(false);
      expect(await repository().isPolicyVersion('cookies', '1.0.0')).toBe(false);
    });

    it("stores records and reads back the user's own, oldest first", async () => {
      const [user, other] = [randomUUID(), randomUUID()];
      await repository().record([consent(user, 'privacy_policy', later), consent(user, 'terms_of_service')]);
      await repository().record([consent(other, 'terms_of_service')]);
      expect(await repository().ofUser(user)).toEqual([
        consent(user, 'terms_of_service'),
        consent(user, 'privacy_policy', later),
      ]);
      expect(await repository().ofUser(randomUUID())).toEqual([]);
    });

    it('stores all of the records or, when one names an unpublished version, none', async () => {
      const user = randomUUID();
      const unpublished = { ...consent(user, 'privacy_policy'), version: '0.0.1' };
      await expect(repository().record([consent(user, 'terms_of_service'), unpublished])).rejects.toThrow();
      expect(await repository().ofUser(user)).toEqual([]);
    });

    it("forgets where a user's consents came from, keeping what, which version and when; other users' stay", async () => {
      const [user, other] = [randomUUID(), randomUUID()];
      await repository().record([consent(user, 'terms_of_service'), consent(other, 'terms_of_service')]);
      await repository().transaction((em) => repository().forgetOrigins(em, user));
      expect(await repository().ofUser(user)).toEqual([
        {
          ...consent(user, 'terms_of_service'),
          ipAddress: null,
          userAgent: null,
          clientIpAddress: null,
          clientUserAgent: null,
        },
      ]);
      expect(await repository().ofUser(other)).toEqual([consent(other, 'terms_of_service')]);
    });
  });
}
