import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppError, Clock, PrivateFiles, RateLimits, type AppConfig } from '#app/platform';
import { checkApplicant } from '../../domain/applicant.js';
import { cleanIdImage, ImageRejected } from '../../domain/id-image.js';
import { VerificationSubmission } from '../../entities/verification-submission.entity.js';
import { VerificationErrors } from '../../verification.errors.js';
import { SubmitVerificationCommand } from './submit-verification.command.js';

export const SUBMISSION_LIMIT = { points: 5, duration: 24 * 3600 };

@CommandHandler(SubmitVerificationCommand)
export class SubmitVerificationHandler implements ICommandHandler<SubmitVerificationCommand> {
  private readonly logger = new Logger(SubmitVerificationHandler.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PrivateFiles) private readonly files: PrivateFiles,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, input, images }: SubmitVerificationCommand) {
    if (this.config.LAUNCH_PHASE !== 'live') throw VerificationErrors.paused();
    const now = this.clock.now();
    const checked = checkApplicant(input, now);
    if (!checked.applicant) throw VerificationErrors.invalid(checked.problems);

    const em = this.orm.em.fork();
    const latest = await em.findOne(VerificationSubmission, { userId }, { orderBy: { submittedAt: 'desc' } });
    if (latest?.status === 'processing') throw VerificationErrors.pending();
    if (latest?.status === 'accepted') throw VerificationErrors.alreadyVerified();
    await this.limits.consume('verificationSubmissions', SUBMISSION_LIMIT, userId, {
      message: 'Too many verification attempts today. Try again tomorrow.',
    });

    // One image at a time keeps memory flat; both are checked before anything is stored.
    const userPhoto = await this.clean(images.userPhotoWithId, 'userPhotoWithId', 'The photo with your ID');
    const idPhoto = await this.clean(images.idPhoto, 'idPhoto', 'The ID photo');

    const keys = [
      await this.files.put('verification', userPhoto, now),
      await this.files.put('verification', idPhoto, now),
    ];
    try {
      em.persist(
        em.create(VerificationSubmission, {
          userId,
          ...checked.applicant,
          status: 'processing',
          userPhotoKey: keys[0],
          idPhotoKey: keys[1],
          submittedAt: now,
        }),
      );
      await em.flush();
    } catch (error) {
      await Promise.all(keys.map((key) => this.files.delete(key)));
      if ((error as { code?: string }).code === '23505' || /verification_one_open_per_user/.test(String(error)))
        throw VerificationErrors.pending();
      throw error;
    }
    this.logger.log(`verification submitted by ${userId}`);
    return { status: 'processing' as const, submittedAt: now.toISOString() };
  }

  private async clean(bytes: Buffer, field: string, label: string): Promise<Buffer> {
    try {
      return (await cleanIdImage(bytes, label)).data;
    } catch (error) {
      if (error instanceof ImageRejected)
        throw new AppError(error.status, error.code, error.message, [{ field, message: error.message }]);
      throw error;
    }
  }
}
