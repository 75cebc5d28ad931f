import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { DeletionPreviewQuery } from './deletion-preview.query.js';

class OwedDto {
  @ApiProperty() currency!: string;
  @ApiProperty() amountMinor!: number;
}

export class DeletionPreviewDto {
  @ApiProperty({ type: [OwedDto] }) owed!: OwedDto[];
  @ApiProperty({
    format: 'date',
    type: String,
    nullable: true,
    description: 'The next month-end close that pays something; null while none will',
  })
  nextPayoutOn!: string | null;
  @ApiProperty() activeSubscriptions!: number;
  @ApiProperty() secondFactorRequired!: boolean;
  @ApiProperty() canDelete!: boolean;
}

@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/deletion')
@UseGuards(BearerGuard)
export class DeletionPreviewController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'What deleting your account would do, and whether it can be done now' })
  @ApiOkResponse({ type: DeletionPreviewDto })
  preview(@CurrentAuth() auth: AuthContext): Promise<DeletionPreviewDto> {
    return this.queries.execute(new DeletionPreviewQuery(auth.user.id));
  }
}
