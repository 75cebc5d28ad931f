import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EntitlementService } from './entitlement.service.js';

/** Decides every read of paid or private bytes; the modules owning the facts answer its fact queries. */
@Global()
@Module({
  imports: [CqrsModule],
  providers: [EntitlementService],
  exports: [EntitlementService],
})
export class EntitlementsModule {}
