import { describe, expect, it } from '@jest/globals';
import { decideAdminGrant, pendingView, type AdminGrant } from './admin-grant.js';

const grant = (requestedBy: string, requesterRole: AdminGrant['requesterRole'] = 'admin'): AdminGrant => ({
  id: 'grant-1',
  userId: 'candidate',
  requestedBy,
  requestedAt: new Date('2030-05-01T09:00:00.000Z'),
  requesterRole,
});

describe('an admin asking to make someone an admin', () => {
  it('starts a request when none is pending', () => {
    expect(decideAdminGrant(null, 'admin-a')).toEqual({ kind: 'request', replaces: null });
  });

  it("approves another admin's pending request", () => {
    expect(decideAdminGrant(grant('admin-a'), 'admin-b')).toEqual({ kind: 'approve', grant: grant('admin-a') });
  });

  it('is no second opinion on their own request', () => {
    expect(decideAdminGrant(grant('admin-a'), 'admin-a')).toEqual({
      kind: 'already_requested',
      grant: grant('admin-a'),
    });
  });

  it.each(['moderator', 'fan', null] as const)(
    'replaces a request whose requester is now %s: it lapsed',
    (requesterRole) => {
      const lapsed = grant('admin-a', requesterRole);
      expect(decideAdminGrant(lapsed, 'admin-b')).toEqual({ kind: 'request', replaces: lapsed });
    },
  );

  it('shows a pending request with its time as ISO text', () => {
    expect(pendingView(grant('admin-a'))).toEqual({ requestedBy: 'admin-a', requestedAt: '2030-05-01T09:00:00.000Z' });
  });
});
