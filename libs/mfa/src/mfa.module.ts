import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { MfaKit } from './domain/mfa-services.js';
import { EnrollFactorHandler } from './commands/enroll-factor/enroll-factor.handler.js';
import { ChallengeFactorHandler } from './commands/challenge-factor/challenge-factor.handler.js';
import { VerifyFactorHandler } from './commands/verify-factor/verify-factor.handler.js';
import { UnenrollFactorHandler } from './commands/unenroll-factor/unenroll-factor.handler.js';
import { GenerateRecoveryCodesHandler } from './commands/generate-recovery-codes/generate-recovery-codes.handler.js';
import { RedeemRecoveryCodeHandler } from './commands/redeem-recovery-code/redeem-recovery-code.handler.js';
import { DisableUserMfaHandler } from './commands/disable-user-mfa/disable-user-mfa.handler.js';
import { ListUserFactorsHandler } from './queries/list-user-factors/list-user-factors.handler.js';
import { RecoveryCodeStatusHandler } from './queries/recovery-code-status/recovery-code-status.handler.js';
import { MfaErasure } from './commands/erase-factors/mfa-erasure.js';
import { FactorsController } from './http/factors.controller.js';
import { RecoveryCodesController } from './http/recovery-codes.controller.js';
import { AdminMfaController } from './http/admin-mfa.controller.js';
import { MfaRepository } from './repositories/mfa.repository.js';
import { PostgresMfaRepository } from './repositories/postgres-mfa.repository.js';
import { UserFactorsReadModel } from './queries/list-user-factors/user-factors.read-model.js';

@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [FactorsController, RecoveryCodesController, AdminMfaController],
  providers: [
    MfaKit,
    EnrollFactorHandler,
    ChallengeFactorHandler,
    VerifyFactorHandler,
    UnenrollFactorHandler,
    GenerateRecoveryCodesHandler,
    RedeemRecoveryCodeHandler,
    DisableUserMfaHandler,
    ListUserFactorsHandler,
    RecoveryCodeStatusHandler,
    MfaErasure,
    { provide: MfaRepository, useClass: PostgresMfaRepository },
    UserFactorsReadModel,
  ],
  exports: [MfaErasure],
})
export class MfaModule {}
