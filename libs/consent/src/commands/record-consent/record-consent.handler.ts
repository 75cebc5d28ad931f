import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { ConsentErrors } from '../../consent.errors.js';
import { ConsentRecordRepository } from '../../repositories/consent-record.repository.js';
import { RecordConsentCommand } from './record-consent.command.js';

/** Records what a user agreed to, with server time, address and user agent, against known policy versions. */
@CommandHandler(RecordConsentCommand)
export class RecordConsentHandler implements ICommandHandler<RecordConsentCommand> {
  constructor(
    @Inject(ConsentRecordRepository) private readonly records: ConsentRecordRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, consent, ip, userAgent }: RecordConsentCommand): Promise<{ recorded: number }> {
    const { consentTypes, consentVersions } = consent;
    if (consentTypes.length !== consentVersions.length) throw ConsentErrors.lengthMismatch();
    if (new Set(consentTypes).size !== consentTypes.length) throw ConsentErrors.duplicateType();
    const now = this.clock.now();
    for (const [index, consentType] of consentTypes.entries())
      if (!(await this.records.isPolicyVersion(consentType, consentVersions[index])))
        throw ConsentErrors.unknownVersion(consentType, consentVersions[index]);
    await this.records.record(
      consentTypes.map((consentType, index) => ({
        userId,
        consentType,
        version: consentVersions[index],
        granted: true,
        ipAddress: ip,
        userAgent: userAgent.slice(0, 512),
        clientIpAddress: consent.ipAddress || null,
        clientUserAgent: consent.userAgent?.slice(0, 512) ?? null,
        recordedAt: now,
      })),
    );
    return { recorded: consentTypes.length };
  }
}
