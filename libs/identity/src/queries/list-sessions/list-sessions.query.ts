import { Query } from '@nestjs/cqrs';

export interface SessionView {
  id: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  aal: 'aal1' | 'aal2';
  createdAt: string;
  lastSeenAt: string;
}

export class ListSessionsQuery extends Query<SessionView[]> {
  constructor(
    readonly userId: string,
    readonly currentSessionId: string,
  ) {
    super();
  }
}
