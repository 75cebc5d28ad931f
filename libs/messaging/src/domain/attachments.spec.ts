import { describe, expect, it } from '@jest/globals';
import { attachable, stateOf } from './attachments.js';

const ME = 'creator-1';

describe('message attachments', () => {
  it('hold unreviewed media, open approved media and remove rejected or taken-down media', () => {
    expect(stateOf('pending_review')).toBe('pending');
    expect(stateOf('approved')).toBe('released');
    expect(stateOf('rejected')).toBe('removed');
    expect(stateOf('removed')).toBe('removed');
  });

  it('send an approved store item at once and nothing else of the store', () => {
    expect(attachable({ creatorId: ME, status: 'approved', purpose: 'store' }, ME)).toEqual({
      ok: true,
      source: 'store',
      status: 'approved',
      submit: false,
    });
    for (const status of ['draft', 'pending_review', 'rejected', 'removed'] as const) {
      expect(attachable({ creatorId: ME, status, purpose: 'store' }, ME)).toMatchObject({
        ok: false,
        reason: 'not_sendable',
      });
    }
  });

  it('send an upload for review with the message, or as it stands once submitted or approved', () => {
    expect(attachable({ creatorId: ME, status: 'draft', purpose: 'message' }, ME)).toEqual({
      ok: true,
      source: 'upload',
      status: 'pending_review',
      submit: true,
    });
    expect(attachable({ creatorId: ME, status: 'pending_review', purpose: 'message' }, ME)).toMatchObject({
      ok: true,
      status: 'pending_review',
      submit: false,
    });
    expect(attachable({ creatorId: ME, status: 'approved', purpose: 'message' }, ME)).toMatchObject({
      ok: true,
      status: 'approved',
    });
    expect(attachable({ creatorId: ME, status: 'rejected', purpose: 'message' }, ME)).toMatchObject({
      ok: false,
      reason: 'not_sendable',
    });
  });

  it("never sends someone else's item or one that does not exist", () => {
    expect(attachable({ creatorId: 'someone-else', status: 'approved', purpose: 'store' }, ME)).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(attachable(null, ME)).toMatchObject({ ok: false, reason: 'not_found' });
  });
});
