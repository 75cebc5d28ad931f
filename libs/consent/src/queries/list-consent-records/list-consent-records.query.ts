import { Query } from '@nestjs/cqrs';

export interface ConsentRecordView {
  consentType: string;
  version: string;
  granted: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  recordedAt: string;
}

/** A user's own consent records, oldest first (for their data export). */
export class ListConsentRecordsQuery extends Query<ConsentRecordView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
