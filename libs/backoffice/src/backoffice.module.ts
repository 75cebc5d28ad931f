import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { BackofficeController } from './backoffice.controller.js';

/**
 * The staff console's cross-module reads and actions. It owns no tables: it asks identity, mfa
 * and verification through their queries and commands.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [BackofficeController],
})
export class BackofficeModule {}
