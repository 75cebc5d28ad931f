import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { EmailRecipientQuery } from './email-recipient.query.js';

@QueryHandler(EmailRecipientQuery)
export class EmailRecipientHandler implements IQueryHandler<EmailRecipientQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: EmailRecipientQuery): Promise<{ email: string } | null> {
    const user = await this.orm.em.fork().findOne(User, userId, { fields: ['email', 'emailConfirmedAt', 'deletedAt'] });
    return user && user.emailConfirmedAt && !user.deletedAt ? { email: user.email } : null;
  }
}
