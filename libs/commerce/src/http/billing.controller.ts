import { Controller, Delete, Get, HttpCode, Inject, Param, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { DeletePaymentMethodCommand } from '../commands/manage-payment-methods/delete-payment-method.command.js';
import { ListPaymentMethodsQuery } from '../commands/manage-payment-methods/list-payment-methods.query.js';
import { LivePhaseGuard } from './live-phase.guard.js';
import { SavedCardsDto } from './purchases.dto.js';

/** A fan's saved cards, as the acquirer keeps them under the fan's user id: always the caller's own. */
@ApiTags('billing')
@ApiBearerAuth()
@Controller('api/billing/payment-methods')
@UseGuards(LivePhaseGuard, BearerGuard)
export class BillingController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your saved cards (brand, last four, expiry), for one-tap payment on the hosted page' })
  @ApiOkResponse({ type: SavedCardsDto })
  list(@CurrentAuth() auth: AuthContext): Promise<SavedCardsDto> {
    return this.queries.execute(new ListPaymentMethodsQuery(auth.user.id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Forget a saved card (404 when it is not yours); subscriptions renewing on it will fail to renew',
  })
  @ApiNoContentResponse()
  async remove(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeletePaymentMethodCommand(auth.user.id, id));
  }
}
