import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, AuditLog, Clock } from '#app/platform';
import { assertStaffMayActOn } from '../../domain/staff-hierarchy.js';
import { decideAdminGrant, pendingView, type PendingAdminGrant } from '../../domain/admin-grant.js';
import { AccountRoleRepository, type AccountRole } from '../../repositories/account-role.repository.js';
import { ChangeUserRoleCommand, type ChangeUserRoleResult } from './change-role.command.js';
import { AccessChangedEvent } from '../../events/access-changed.event.js';

type AdminGrantStep = { kind: 'requested'; grant: PendingAdminGrant } | { kind: 'approved'; requestedBy: string };

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(
    @Inject(AccountRoleRepository) private readonly accounts: AccountRoleRepository,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(EventBus) private readonly events: Pick<EventBus, 'publish'>,
  ) {}

  async execute({ userId, role, actorId, reason, ip, onlyFrom }: ChangeUserRoleCommand): Promise<ChangeUserRoleResult> {
    const now = this.clock.now();
    const result = await this.accounts.transaction(async (em) => {
      const user = await this.accounts.lock(em, userId);
      if (!user) throw new AppError(404, 'user_not_found', 'User not found');
      const before = user.role;
      const changed = before !== role && (onlyFrom === null || onlyFrom.includes(before));
      let approval: { requestedBy: string } | null = null;
      if (actorId !== null && (changed || onlyFrom === null)) {
        // Re-read in this transaction: the actor's role may have changed since their request was authorised.
        const actorRole = await this.accounts.roleOf(em, actorId);
        assertStaffMayActOn({ id: actorId, role: actorRole ?? 'fan' }, { id: user.id, role: before });
      }
      if (changed && role === 'admin' && actorId !== null) {
        const step = await this.stepAdminGrant(em, user, actorId, now);
        if (step.kind === 'requested') {
          await this.audit.record(em, {
            actorId,
            action: 'user.admin_grant_requested',
            targetType: 'user',
            targetId: userId,
            details: { role: before, reason, requestedAt: step.grant.requestedAt },
            ipAddress: ip,
          });
          return { user, changed: false, pendingAdminGrant: step.grant };
        }
        approval = { requestedBy: step.requestedBy };
      } else if (changed) {
        // Any other role change withdraws a pending grant, so a later approval cannot surprise anyone.
        await this.accounts.cancelPendingGrant(em, user.id, actorId, now);
      }
      if (!changed) return { user, changed, pendingAdminGrant: null };
      await this.accounts.setRole(em, user.id, role, now);
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
      return { user: { ...user, role }, changed, pendingAdminGrant: null };
    });
    // After the commit: open realtime channels (staff:moderation) are re-checked against the new role.
    if (result.changed) this.events.publish(new AccessChangedEvent(userId, 'role'));
    return result;
  }

  /**
   * Making an admin takes two admins: the first request is recorded pending; the same change by a
   * different admin approves it. Runs with the user's row locked, so two approvals never race.
   */
  private async stepAdminGrant(
    em: EntityManager,
    user: AccountRole,
    actorId: string,
    now: Date,
  ): Promise<AdminGrantStep> {
    if ((await this.accounts.roleOf(em, actorId)) !== 'admin')
      throw new AppError(403, 'admin_only', 'Only admins make admins');
    const decision = decideAdminGrant(await this.accounts.lockPendingGrant(em, user.id), actorId);
    if (decision.kind === 'approve') {
      await this.accounts.approveGrant(em, decision.grant.id, actorId, now);
      return { kind: 'approved', requestedBy: decision.grant.requestedBy };
    }
    if (decision.kind === 'already_requested') return { kind: 'requested', grant: pendingView(decision.grant) };
    if (decision.replaces) await this.accounts.cancelPendingGrant(em, user.id, actorId, now);
    const request = { id: randomUUID(), userId: user.id, requestedBy: actorId, requestedAt: now };
    await this.accounts.requestGrant(em, request);
    return { kind: 'requested', grant: pendingView(request) };
  }
}
