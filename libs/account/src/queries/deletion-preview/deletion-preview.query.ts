import { Query } from '@nestjs/cqrs';

export interface DeletionPreview {
  /** Earnings still owed to you, per currency: deletion waits until they are paid. */
  owed: { currency: string; amountMinor: number }[];
  nextPayoutOn: string | null;
  /** Subscriptions that would end now (yours, and fans' of your store). */
  activeSubscriptions: number;
  /** With 2FA on, deletion is confirmed with an authenticator code instead of the password. */
  secondFactorRequired: boolean;
  canDelete: boolean;
}

/** What deleting the account would do, before the person confirms. */
export class DeletionPreviewQuery extends Query<DeletionPreview> {
  constructor(readonly userId: string) {
    super();
  }
}
