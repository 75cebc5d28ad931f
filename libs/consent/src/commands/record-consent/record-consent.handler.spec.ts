import { beforeEach, describe, expect, it } from '@jest/globals';
import { FixedClock } from '#app/platform';
import { InMemoryConsentRecordRepository } from '../../testing/in-memory-consent-record.repository.js';
import { ListConsentRecordsHandler } from '../../queries/list-consent-records/list-consent-records.handler.js';
import { ListConsentRecordsQuery } from '../../queries/list-consent-records/list-consent-records.query.js';
import type { ConsentDataDto } from './record-consent.dto.js';
import { RecordConsentCommand } from './record-consent.command.js';
import { RecordConsentHandler } from './record-consent.handler.js';

const now = new Date('2030-06-01T12:00:00.000Z');
let records: InMemoryConsentRecordRepository;
let handler: RecordConsentHandler;

beforeEach(() => {
  records = new InMemoryConsentRecordRepository();
  handler = new RecordConsentHandler(records, new FixedClock(now));
});

const record = (consent: ConsentDataDto, userAgent = 'Browser/1.0') =>
  handler.execute(new RecordConsentCommand('user-1', consent, '198.51.100.7', userAgent));

describe('recording consent', () => {
  it('records each consent with server time, the address and user agent the server saw, and what the client said', async () => {
    const consent = {
      consentTypes: ['terms_of_service', 'privacy_policy'],
      consentVersions: ['1.0.0', '1.0.0'],
      ipAddress: '10.0.0.2',
      userAgent: 'App/2.0',
    };
    expect(await record(consent)).toEqual({ recorded: 2 });
    const origins = { ipAddress: '198.51.100.7', userAgent: 'Browser/1.0', clientIpAddress: '10.0.0.2' };
    expect(records.all()).toEqual([
      {
        userId: 'user-1',
        consentType: 'terms_of_service',
        version: '1.0.0',
        granted: true,
        ...origins,
        clientUserAgent: 'App/2.0',
        recordedAt: now,
      },
      {
        userId: 'user-1',
        consentType: 'privacy_policy',
        version: '1.0.0',
        granted: true,
        ...origins,
        clientUserAgent: 'App/2.0',
        recordedAt: now,
      },
    ]);
  });

  it('keeps an empty client address as none, and cuts user agents at 512 characters', async () => {
    const long = 'x'.repeat(600);
    await record(
      { consentTypes: ['marketing_emails'], consentVersions: ['1.0.0'], ipAddress: '', userAgent: long },
      long,
    );
    expect(records.all()[0]).toMatchObject({
      clientIpAddress: null,
      userAgent: 'x'.repeat(512),
      clientUserAgent: 'x'.repeat(512),
    });
  });

  it.each([
    [
      'types and versions of different lengths',
      { consentTypes: ['terms_of_service'], consentVersions: ['1.0.0', '1.0.0'] },
      400,
      'validation_failed',
    ],
    [
      'a type twice',
      { consentTypes: ['terms_of_service', 'terms_of_service'], consentVersions: ['1.0.0', '1.0.0'] },
      400,
      'validation_failed',
    ],
    [
      'a version that was never published',
      { consentTypes: ['terms_of_service', 'privacy_policy'], consentVersions: ['1.0.0', '2.0.0'] },
      422,
      'unknown_policy_version',
    ],
  ])('refuses %s, recording none of the batch', async (_what, consent, status, code) => {
    await expect(record(consent)).rejects.toMatchObject({ status, code });
    expect(records.all()).toEqual([]);
  });

  it('lists what the user agreed to, oldest first, with where it came from', async () => {
    await record({ consentTypes: ['terms_of_service'], consentVersions: ['1.0.0'] });
    await handler.execute(
      new RecordConsentCommand(
        'someone-else',
        { consentTypes: ['privacy_policy'], consentVersions: ['1.0.0'] },
        '192.0.2.1',
        'Other',
      ),
    );
    const list = await new ListConsentRecordsHandler(records).execute(new ListConsentRecordsQuery('user-1'));
    expect(list).toEqual([
      {
        consentType: 'terms_of_service',
        version: '1.0.0',
        granted: true,
        ipAddress: '198.51.100.7',
        userAgent: 'Browser/1.0',
        recordedAt: now.toISOString(),
      },
    ]);
  });
});
