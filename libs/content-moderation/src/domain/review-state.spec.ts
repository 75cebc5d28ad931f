import { isPublic, REVIEW_STATUSES, transition, type ReviewEvent, type ReviewStatus } from './review-state.js';

const EVENTS: ReviewEvent[] = [
  { type: 'approve' },
  { type: 'reject', reason: 'Blurred faces; collaborator not verified' },
  { type: 'resubmit' },
  { type: 'remove', reason: 'Takedown request upheld' },
  { type: 'restore' },
];

/** Every (state, event) pair and where it must lead; anything not listed is refused. */
const EXPECTED: Partial<Record<`${ReviewStatus}:${ReviewEvent['type']}`, ReviewStatus>> = {
  'pending_review:approve': 'approved',
  'pending_review:reject': 'rejected',
  'pending_review:remove': 'removed',
  'rejected:resubmit': 'pending_review',
  'rejected:remove': 'removed',
  'approved:remove': 'removed',
  'removed:restore': 'approved',
};

describe('content review state machine', () => {
  it.each(REVIEW_STATUSES.flatMap((status) => EVENTS.map((event) => [status, event] as const)))(
    '%s + %o',
    (status, event) => {
      const expected = EXPECTED[`${status}:${event.type}`];
      const result = transition(status, event);
      if (expected) expect(result).toEqual({ ok: true, status: expected });
      else
        expect(result).toEqual({
          ok: false,
          message: expect.stringMatching(new RegExp(`^Cannot ${event.type} content`)),
        });
    },
  );

  it('needs a reason to reject or remove', () => {
    expect(transition('pending_review', { type: 'reject', reason: ' no ' })).toEqual({
      ok: false,
      message: 'A reason of at least 5 characters is required',
    });
    expect(transition('approved', { type: 'remove', reason: '' }).ok).toBe(false);
  });

  it('shows only approved content publicly', () => {
    expect(REVIEW_STATUSES.filter(isPublic)).toEqual(['approved']);
  });
});
