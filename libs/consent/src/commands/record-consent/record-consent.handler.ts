import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ConsentRecord } from '../../entities/consent-record.entity.js';
import { PolicyVersion } from '../../entities/policy-version.entity.js';
import { ConsentErrors } from '../../consent.errors.js';
import { RecordConsentCommand } from './record-consent.command.js';

/** Records what a user agreed to, with server time, address and user agent, against known policy versions. */
@CommandHandler(RecordConsentCommand)
export class RecordConsentHandler implements ICommandHandler<RecordConsentCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, consent, ip, userAgent }: RecordConsentCommand): Promise<{ recorded: number }> {
    const { consentTypes, consentVersions } = consent;
    if (consentTypes.length !== consentVersions.length) throw ConsentErrors.lengthMismatch();
    if (new Set(consentTypes).size !== consentTypes.length) throw ConsentErrors.duplicateType();
    const em = this.orm.em.fork();
    const now = this.clock.now();
    for (const [index, consentType] of consentTypes.entries()) {
      const version = consentVersions[index];
      const policy = await em.findOne(PolicyVersion, { consentType, version });
      if (!policy) throw ConsentErrors.unknownVersion(consentType, version);
      em.persist(
        em.create(ConsentRecord, {
          userId,
          consentType,
          version,
          granted: true,
          ipAddress: ip,
          userAgent: userAgent.slice(0, 512),
          clientIpAddress: consent.ipAddress || null,
          clientUserAgent: consent.userAgent?.slice(0, 512) ?? null,
          recordedAt: now,
        } as never),
      );
    }
    await em.flush();
    return { recorded: consentTypes.length };
  }
}
