import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { DeleteAccountController } from './commands/delete-account/delete-account.controller.js';
import { ExportAccountDataHandler } from './queries/export-account-data/export-account-data.handler.js';
import { ExportAccountDataController } from './queries/export-account-data/export-account-data.controller.js';
import { DeletionPreviewHandler } from './queries/deletion-preview/deletion-preview.handler.js';
import { DeletionPreviewController } from './queries/deletion-preview/deletion-preview.controller.js';

/**
 * The person's rights over their data (GDPR): export and erasure. Owns no tables: it asks
 * identity, consent, commerce and payouts through their exported queries and commands.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [DeleteAccountController, ExportAccountDataController, DeletionPreviewController],
  providers: [DeleteAccountHandler, ExportAccountDataHandler, DeletionPreviewHandler],
})
export class AccountModule {}
