import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../entities/user.entity.js';
import { Session } from '../entities/session.entity.js';
import { ReauthenticationRepository } from './reauthentication.repository.js';

@Injectable()
export class PostgresReauthenticationRepository extends ReauthenticationRepository {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {
    super();
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    const user = await this.orm.em.fork().findOne(User, userId, { fields: ['encryptedPassword'] });
    return user?.encryptedPassword ?? null;
  }

  async markAuthenticated(userId: string, sessionId: string, at: Date): Promise<boolean> {
    const updated = await this.orm.em.fork().nativeUpdate(Session, { id: sessionId, userId }, { authenticatedAt: at });
    return updated > 0;
  }
}
