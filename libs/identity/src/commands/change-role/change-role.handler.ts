import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { AppError, AuditLog, Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { assertStaffMayActOn } from '../../domain/staff-hierarchy.js';
import { ChangeUserRoleCommand, type ChangeUserRoleResult } from './change-role.command.js';
import { cancelAdminGrant, stepAdminGrant } from './admin-grants.js';
import { AccessChangedEvent } from '../../events/access-changed.event.js';

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ userId, role, actorId, reason, ip, onlyFrom }: ChangeUserRoleCommand): Promise<ChangeUserRoleResult> {
    const now = this.clock.now();
    const result = await this.orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new AppError(404, 'user_not_found', 'User not found');
      const before = user.appRole;
      const changed = before !== role && (onlyFrom === null || onlyFrom.includes(before));
      let approval: { requestedBy: string } | null = null;
      if (actorId !== null && (changed || onlyFrom === null)) {
        // Re-read in this transaction: the actor's role may have changed since their request was authorised.
        const actor = await em.findOne(User, actorId);
        assertStaffMayActOn({ id: actorId, role: actor?.appRole ?? 'fan' }, { id: user.id, role: before });
      }
      if (changed && role === 'admin' && actorId !== null) {
        const step = await stepAdminGrant(em, user.id, actorId, now);
        if (step.kind === 'requested') {
          await this.audit.record(em, {
            actorId,
            action: 'user.admin_grant_requested',
            targetType: 'user',
            targetId: userId,
            details: { role: before, reason, requestedAt: step.grant.requestedAt },
            ipAddress: ip,
          });
          return {
            user: { id: user.id, email: user.email, role: user.appRole },
            changed: false,
            pendingAdminGrant: step.grant,
          };
        }
        approval = { requestedBy: step.requestedBy };
      } else if (changed) {
        await cancelAdminGrant(em, user.id, actorId, now);
      }
      if (changed) {
        user.appRole = role;
        await this.audit.record(em, {
          actorId,
          action: 'user.role_changed',
          targetType: 'user',
          targetId: userId,
          details: {
            before: { role: before },
            after: { role },
            reason,
            ...(approval ? { requestedBy: approval.requestedBy, approvedBy: actorId } : {}),
          },
          ipAddress: ip,
        });
      }
      await em.flush();
      return { user: { id: user.id, email: user.email, role: user.appRole }, changed, pendingAdminGrant: null };
    });
    // After the commit: open realtime channels (staff:moderation) are re-checked against the new role.
    if (result.changed) this.events.publish(new AccessChangedEvent(userId, 'role'));
    return result;
  }
}
