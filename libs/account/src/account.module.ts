import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { MfaModule } from '#app/mfa';
import { RewardsModule } from '#app/rewards';
import { ConsentModule } from '#app/consent';
import { VerificationModule } from '#app/verification';
import { PayoutsModule } from '#app/payouts';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { DeleteAccountController } from './commands/delete-account/delete-account.controller.js';
import { ChangeAvatarHandler } from './commands/change-avatar/change-avatar.handler.js';
import { AvatarErasure } from './commands/change-avatar/avatar-erasure.js';
import { AccountAvatarRepository } from './repositories/account-avatar.repository.js';
import { AvatarController } from './http/avatar.controller.js';
import { AvatarImageHandler, MyAvatarHandler } from './queries/avatar/avatar.handler.js';
import { ExportAccountDataHandler } from './queries/export-account-data/export-account-data.handler.js';
import { ExportAccountDataController } from './queries/export-account-data/export-account-data.controller.js';
import { DeletionPreviewHandler } from './queries/deletion-preview/deletion-preview.handler.js';
import { DeletionPreviewController } from './queries/deletion-preview/deletion-preview.controller.js';

/**
 * The person's own account (GDPR): their profile picture (its one table, account_avatars),
 * export and erasure. For everything else it asks identity, consent, commerce and payouts
 * through their exported queries and commands, and has each module erase its own rows.
 */
@Module({
  imports: [CqrsModule, IdentityModule, MfaModule, RewardsModule, ConsentModule, VerificationModule, PayoutsModule],
  controllers: [DeleteAccountController, ExportAccountDataController, DeletionPreviewController, AvatarController],
  providers: [
    DeleteAccountHandler,
    ExportAccountDataHandler,
    DeletionPreviewHandler,
    ChangeAvatarHandler,
    MyAvatarHandler,
    AvatarImageHandler,
    AvatarErasure,
    AccountAvatarRepository,
  ],
})
export class AccountModule {}
