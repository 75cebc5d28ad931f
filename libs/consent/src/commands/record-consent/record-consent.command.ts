import { Command } from '@nestjs/cqrs';
import type { ConsentDataDto } from './record-consent.dto.js';

export class RecordConsentCommand extends Command<{ recorded: number }> {
  constructor(
    readonly userId: string,
    readonly consent: ConsentDataDto,
    readonly ip: string,
    readonly userAgent: string,
  ) {
    super();
  }
}
