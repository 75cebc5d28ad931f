import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { AppError, AuditLog } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { assertStaffMayActOn } from '../../domain/staff-hierarchy.js';
import { AccessChangedEvent } from '../../events/access-changed.event.js';
import { ChangeUserRoleCommand } from './change-role.command.js';

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ userId, role, actorId, reason, ip, onlyFrom }: ChangeUserRoleCommand) {
    const result = await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new AppError(404, 'user_not_found', 'User not found');
      const before = user.appRole;
      const changed = before !== role && (onlyFrom === null || onlyFrom.includes(before));
      if (actorId !== null && (changed || onlyFrom === null)) {
        // Re-read in this transaction: the actor's role may have changed since their request was authorised.
        const actor = await em.findOne(User, actorId);
        assertStaffMayActOn({ id: actorId, role: actor?.appRole ?? 'fan' }, { id: user.id, role: before });
      }
      if (changed) {
        user.appRole = role;
        await this.audit.record(em, { actorId, action: 'user.role_changed', targetType: 'user', targetId: userId, details: { before: { role: before }, after: { role }, reason }, ipAddress: ip });
      }
      await em.flush();
      return { user: { id: user.id, email: user.email, role: user.appRole }, changed };
    });
    // After the commit: open realtime channels (staff:moderation) are re-checked against the new role.
    if (result.changed) this.events.publish(new AccessChangedEvent(userId, 'role'));
    return result;
  }
}
