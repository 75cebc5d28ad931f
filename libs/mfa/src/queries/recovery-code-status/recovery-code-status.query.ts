import { Query } from '@nestjs/cqrs';

export class RecoveryCodeStatusQuery extends Query<{ remaining: number; generatedAt: string | null }> {
  constructor(readonly userId: string) {
    super();
  }
}
