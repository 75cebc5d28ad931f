import { Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import type { AuthContext } from '#app/identity';
import { AgeCheckQuery } from '../commands/record-age-check/age-check.query.js';
import { RecordAgeCheckCommand, type AgeCheckView } from '../commands/record-age-check/record-age-check.command.js';
import { AgeCheckCookie } from './age-check-cookie.js';
import { AgeChecked, OptionalAuthGuard, Viewer } from './optional-auth.guard.js';

export class AgeCheckDto {
  @ApiProperty({ description: 'This account, or signed out this browser, declared being 18 or older' })
  confirmed!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: "When the account's declaration was recorded (null: not recorded for an account)",
  })
  recordedAt!: string | null;
}

/**
 * The age check of adult stores reached by a link (SPEC §2, §6): a self-declaration, remembered by
 * a signed cookie in the browser and, for an account, recorded once with its date.
 */
@ApiTags('stores')
@ApiBearerAuth()
@Controller('api/age-check')
@UseGuards(OptionalAuthGuard)
export class AgeCheckController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(AgeCheckCookie) private readonly cookie: AgeCheckCookie,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Whether the age check was passed: the account's record (bearer optional), or this browser's cookie",
  })
  @ApiOkResponse({ type: AgeCheckDto })
  async status(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AgeCheckView> {
    if (!viewer) return { confirmed: ageChecked, recordedAt: null };
    const recorded = await this.queries.execute(new AgeCheckQuery(viewer.user.id));
    // An account asked once: a new browser of theirs gets the cookie its images need without asking again.
    if (recorded.confirmed && !ageChecked) response.setHeader('set-cookie', this.cookie.header());
    return recorded.confirmed ? recorded : { confirmed: ageChecked, recordedAt: null };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Declare being 18 or older: sets the signed cookie, and with a bearer token records it for the account (the first date is kept)',
  })
  @ApiOkResponse({ type: AgeCheckDto })
  async confirm(
    @Viewer() viewer: AuthContext | null,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AgeCheckView> {
    response.setHeader('set-cookie', this.cookie.header());
    return viewer
      ? this.commands.execute(new RecordAgeCheckCommand(viewer.user.id))
      : { confirmed: true, recordedAt: null };
  }
}
