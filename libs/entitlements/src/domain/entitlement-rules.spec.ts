import { describe, expect, it } from '@jest/globals';
import {
  decideContentMedia,
  decideIdImage,
  decideStoreImage,
  type Actor,
  type ContentMediaFacts,
} from './entitlement-rules.js';

const fan: Actor = { id: 'fan', role: 'user', aal: 'aal1' };
const owner: Actor = { id: 'creator', role: 'user', aal: 'aal1' };
const moderator: Actor = { id: 'mod', role: 'moderator', aal: 'aal2' };
const item: ContentMediaFacts = {
  creatorId: 'creator',
  status: 'approved',
  isTeaser: false,
  forSale: true,
  purchase: null,
  message: null,
  post: null,
};
const paid = { bought: true, subscribed: false, subscribersOnly: false, downloads: false };

describe('content media', () => {
  it('opens everything to the owner, nothing to a fan who did not pay', () => {
    expect(decideContentMedia(owner, { ...item, status: 'draft' }, 'file')).toEqual({ allow: true, reason: 'owner' });
    expect(decideContentMedia(fan, item, 'file')).toEqual({ allow: false, reason: 'not_entitled' });
    expect(decideContentMedia(null, item, 'thumbnail')).toEqual({ allow: false, reason: 'anonymous' });
  });

  it('opens to a buyer while the store rules allow, and downloads only when the store offers them', () => {
    expect(decideContentMedia(fan, { ...item, purchase: paid }, 'file').allow).toBe(true);
    expect(decideContentMedia(fan, { ...item, purchase: paid }, 'download').allow).toBe(false);
    expect(decideContentMedia(fan, { ...item, purchase: { ...paid, downloads: true } }, 'download').allow).toBe(true);
    expect(decideContentMedia(fan, { ...item, purchase: { ...paid, subscribersOnly: true } }, 'file').allow).toBe(
      false,
    );
    expect(
      decideContentMedia(
        fan,
        { ...item, purchase: { ...paid, bought: false, subscribed: true, subscribersOnly: true } },
        'file',
      ).allow,
    ).toBe(true);
    expect(decideContentMedia(fan, { ...item, status: 'pending_review', purchase: paid }, 'file').allow).toBe(false);
    // A file uploaded for one message is sold by that message alone: a subscription to the store does not open it.
    expect(
      decideContentMedia(
        fan,
        { ...item, forSale: false, purchase: { ...paid, bought: false, subscribed: true } },
        'file',
      ).allow,
    ).toBe(false);
    expect(
      decideContentMedia(fan, { ...item, forSale: false, message: { sender: false, released: true } }, 'file').allow,
    ).toBe(true);
  });

  it('opens a released message attachment, and the teaser to anyone once approved', () => {
    expect(decideContentMedia(fan, { ...item, message: { sender: false, released: true } }, 'file').reason).toBe(
      'message',
    );
    expect(decideContentMedia(fan, { ...item, message: { sender: false, released: false } }, 'file').allow).toBe(false);
    expect(decideContentMedia(null, { ...item, isTeaser: true }, 'preview').reason).toBe('public_teaser');
    expect(decideContentMedia(null, { ...item, isTeaser: true }, 'file').allow).toBe(false);
  });

  it("opens a post's item where the post opens (never the download), to anonymous visitors of a free post too", () => {
    const inPost = { ...item, forSale: false };
    expect(decideContentMedia(null, { ...inPost, post: { opens: true } }, 'file').reason).toBe('post');
    expect(decideContentMedia(fan, { ...inPost, post: { opens: true } }, 'download').allow).toBe(false);
    expect(decideContentMedia(fan, { ...inPost, post: { opens: false } }, 'file').allow).toBe(false);
    expect(decideContentMedia(fan, { ...inPost, status: 'pending_review', post: { opens: true } }, 'file').allow).toBe(
      false,
    );
    expect(decideContentMedia(fan, { ...inPost, status: 'removed', post: { opens: true } }, 'thumbnail').allow).toBe(
      false,
    );
  });

  it('lets staff with the second factor review, never a removed item', () => {
    expect(decideContentMedia(moderator, { ...item, status: 'pending_review' }, 'file').reason).toBe('staff_review');
    expect(decideContentMedia({ ...moderator, aal: 'aal1' }, { ...item, status: 'pending_review' }, 'file').allow).toBe(
      false,
    );
    expect(decideContentMedia(owner, { ...item, status: 'removed' }, 'thumbnail')).toEqual({
      allow: false,
      reason: 'removed',
    });
  });
});

describe('ID images', () => {
  const facts = { claimHolder: 'mod', applicantId: 'applicant', currentRole: 'moderator' };
  it('opens to the staff member holding the claim with the second factor only', () => {
    expect(decideIdImage(moderator, facts)).toEqual({ allow: true, reason: 'claim_holder' });
    expect(decideIdImage(moderator, { ...facts, claimHolder: null }).reason).toBe('not_claim_holder');
    expect(decideIdImage({ ...moderator, aal: 'aal1' }, facts).reason).toBe('second_factor');
    expect(decideIdImage(moderator, { ...facts, currentRole: 'user' }).reason).toBe('not_staff');
    expect(decideIdImage(fan, { ...facts, claimHolder: 'fan' }).reason).toBe('not_staff');
    expect(decideIdImage(moderator, { ...facts, applicantId: 'mod' }).reason).toBe('own_work');
    expect(decideIdImage(null, facts).reason).toBe('anonymous');
  });
});

describe('store images', () => {
  const adult = { isNsfw: true, ownerId: 'creator' };
  it('shows an adult store where its page shows, any other store to everyone', () => {
    expect(decideStoreImage({ actor: null, ageChecked: false }, { ...adult, isNsfw: false }).allow).toBe(true);
    expect(decideStoreImage({ actor: null, ageChecked: false }, adult)).toEqual({
      allow: false,
      reason: 'age_check_needed',
    });
    expect(decideStoreImage({ actor: null, ageChecked: true }, adult).reason).toBe('age_checked');
    expect(decideStoreImage({ actor: fan, ageChecked: false }, adult).reason).toBe('account');
    expect(decideStoreImage({ actor: owner, ageChecked: false }, adult).reason).toBe('owner');
  });
});
