import { Query } from '@nestjs/cqrs';

/**
 * Where optional email to a user may go (a digest, not a security notice): their address once it
 * is confirmed and while the account exists; null for an unconfirmed address or an erased account.
 */
export class EmailRecipientQuery extends Query<{ email: string } | null> {
  constructor(readonly userId: string) {
    super();
  }
}
