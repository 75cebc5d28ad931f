import { Controller, HttpCode, Inject, Param, ParseUUIDPipe, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import { RawBody } from '#app/platform';
import {
  BearerGuard,
  Client,
  CurrentAuth,
  StaffGuard,
  requireAdmin,
  type AuthContext,
  type ClientInfo,
} from '#app/identity';
import { HandlePaymentEventCommand } from '../commands/handle-payment-event/handle-payment-event.command.js';
import { RefundPurchaseCommand } from '../commands/refund-purchase/refund-purchase.command.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider.js';
import { PurchaseErrors } from '../commerce.errors.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { PurchaseDto } from './purchases.dto.js';

/** The payment provider's webhooks: authenticated by their signature over the raw body, not a bearer token. */
@ApiTags('payments')
@Controller('api/payments/webhooks')
@UseGuards(LivePhaseGuard)
export class PaymentWebhooksController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @Post('sandbox')
  @HttpCode(200)
  @ApiHeader({
    name: 'Acquirer-Signature',
    required: true,
    description: 't=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">[,v1=…] (one v1 per active secret)',
  })
  @ApiOperation({
    summary: "The sandbox acquirer's signed events (each applied once; forged, too old or not an event: 400)",
  })
  async sandbox(
    @RawBody() rawBody: string,
    @Req() request: IncomingMessage,
  ): Promise<{ received: true; outcome: string }> {
    if (this.provider.name !== 'sandbox') throw PurchaseErrors.badSignature();
    const verified = this.provider.verifyWebhook(rawBody, request.headers);
    if ('refused' in verified)
      throw verified.refused === 'signature'
        ? PurchaseErrors.badSignature()
        : PurchaseErrors.invalidEvent(verified.problem);
    // An event type we do not act on is received all the same, so the acquirer stops sending it.
    const outcome = verified.event
      ? await this.commands.execute(new HandlePaymentEventCommand(this.provider.name, verified.event))
      : 'ignored';
    return { received: true, outcome };
  }
}

/** Admin money controls (aal2); every action is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
@UseGuards(BearerGuard, StaffGuard, LivePhaseGuard)
export class AdminPaymentsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('purchases/:id/refund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refund a paid purchase in full (admins); the provider confirms later and the fan sees it in 5-10 business days',
  })
  @ApiOkResponse({ type: PurchaseDto })
  refund(
    @CurrentAuth() auth: AuthContext,
    @Client() client: ClientInfo,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<PurchaseDto> {
    requireAdmin(auth);
    return this.commands.execute(new RefundPurchaseCommand(auth.user.id, id, 'refund', client.ip));
  }

  @Post('sandbox/payments/:purchaseId/chargeback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sandbox acquirer only (admins): the fan's bank disputes a paid purchase (the acquirer's test API); the dispute's webhooks follow",
  })
  @ApiOkResponse({ type: PurchaseDto })
  chargeback(
    @CurrentAuth() auth: AuthContext,
    @Client() client: ClientInfo,
    @Param('purchaseId', new ParseUUIDPipe()) id: string,
  ): Promise<PurchaseDto> {
    requireAdmin(auth);
    return this.commands.execute(new RefundPurchaseCommand(auth.user.id, id, 'chargeback', client.ip));
  }
}
