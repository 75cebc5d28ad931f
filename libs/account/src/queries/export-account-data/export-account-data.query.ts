import { Query } from '@nestjs/cqrs';
import type { AuthContext } from '#app/identity';

export const EXPORT_FORMAT = 'fanmint-account-export/1';

export interface AccountExport {
  format: typeof EXPORT_FORMAT;
  exported_at: string;
  account: Record<string, unknown>;
  sessions: unknown[];
  consents: unknown[];
  purchases: unknown[];
  subscriptions: unknown[];
  earnings: { balances: unknown[]; payout_method: unknown; transactions: unknown[] };
  /** Each of the person's conversations with every message it shows them (messaging's ExportMessagesQuery). */
  messages: unknown[];
}

/** Everything the platform holds about the signed-in person, as one JSON document (GDPR art. 15 and 20). */
export class ExportAccountDataQuery extends Query<AccountExport> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}
