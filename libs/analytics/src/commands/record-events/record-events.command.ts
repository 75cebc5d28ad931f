import type { AnalyticsEventDto } from './record-events.dto.js';

export class RecordEventsCommand {
  constructor(
    readonly events: AnalyticsEventDto[],
    readonly ip: string,
  ) {}
}
