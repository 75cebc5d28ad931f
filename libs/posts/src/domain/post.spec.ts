import { describe, expect, it } from '@jest/globals';
import { accessOf, Post, PostRuleError, statusOf, type PostContent } from './post.js';

const prices = { currency: 'USD', minimumMinor: 50 };
const now = new Date('2030-01-10T12:00:00Z');
const later = new Date('2030-01-11T12:00:00Z');
const create = (content: Partial<PostContent> = {}) =>
  Post.create(
    {
      id: 'p1',
      creatorId: 'c1',
      commentsEnabled: true,
      now,
      text: 'Hello',
      audience: 'free',
      priceMinor: null,
      media: [],
      ...content,
    },
    prices,
  );
const ruleOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof PostRuleError) return error.rule;
    throw error;
  }
  return null;
};

describe('Post', () => {
  it('publishes a text post at once and a post with media only when every item is approved', () => {
    expect(create().snapshot()).toMatchObject({ status: 'published', publishedAt: now });
    const post = create({
      media: [
        { contentId: 'a', review: 'approved' },
        { contentId: 'b', review: 'pending_review' },
      ],
    });
    expect(post.snapshot()).toMatchObject({ status: 'in_review', publishedAt: null });
    expect(post.mediaReviewed('b', 'approved', later)).toBe(true);
    expect(post.snapshot()).toMatchObject({ status: 'published', publishedAt: later });
    expect(post.mediaReviewed('b', 'approved', later)).toBe(false);
    expect(post.mediaReviewed('unknown', 'rejected', later)).toBe(false);
  });

  it('is rejected while an item is rejected or removed, and published again when the edit drops it', () => {
    const post = create({ media: [{ contentId: 'a', review: 'pending_review' }] });
    post.mediaReviewed('a', 'rejected', now);
    expect(post.status).toBe('rejected');
    post.edit({ text: 'Text only now', audience: 'free', priceMinor: null, media: [] }, prices, later);
    expect(post.snapshot()).toMatchObject({ status: 'published', publishedAt: later, editedAt: later });
  });

  it('goes back to review when an edit adds an item not yet approved, keeping its first publication time', () => {
    const post = create();
    post.edit(
      { text: 'More', audience: 'free', priceMinor: null, media: [{ contentId: 'n', review: 'pending_review' }] },
      prices,
      later,
    );
    expect(post.snapshot()).toMatchObject({ status: 'in_review', publishedAt: now });
    post.mediaReviewed('n', 'approved', later);
    expect(post.snapshot()).toMatchObject({ status: 'published', publishedAt: now });
  });

  it('refuses an empty post, a price on a free post, a paid post without price, media or a price in range', () => {
    expect(ruleOf(() => create({ text: '   ' }))).toBe('post_empty');
    expect(ruleOf(() => create({ text: 'x'.repeat(5001) }))).toBe('post_text_too_long');
    expect(ruleOf(() => create({ priceMinor: 500 }))).toBe('post_price_not_allowed');
    const media = [{ contentId: 'a', review: 'approved' as const }];
    expect(ruleOf(() => create({ audience: 'paid', media }))).toBe('post_price_needed');
    expect(ruleOf(() => create({ audience: 'paid', priceMinor: 49, media }))).toBe('post_price_out_of_range');
    expect(ruleOf(() => create({ audience: 'paid', priceMinor: 100_001, media }))).toBe('post_price_out_of_range');
    expect(ruleOf(() => create({ audience: 'paid', priceMinor: 500 }))).toBe('post_empty');
    expect(ruleOf(() => create({ media: [...media, ...media] }))).toBe('post_media_twice');
    expect(create({ audience: 'paid', priceMinor: 500, media }).snapshot()).toMatchObject({
      priceMinor: 500,
      currency: 'USD',
    });
  });

  it('pins, turns comments off, and once deleted refuses every change', () => {
    const post = create();
    post.pin(true, now);
    post.pin(true, later);
    expect(post.snapshot().pinnedAt).toEqual(now);
    post.allowComments(false);
    expect(post.snapshot().commentsEnabled).toBe(false);
    post.delete();
    expect(post.snapshot()).toMatchObject({ status: 'deleted', pinnedAt: null });
    expect(ruleOf(() => post.pin(true, now))).toBe('post_deleted');
    expect(ruleOf(() => post.edit({ text: 'x', audience: 'free', priceMinor: null, media: [] }, prices, now))).toBe(
      'post_deleted',
    );
    expect(post.mediaReviewed('a', 'approved', now)).toBe(false);
  });

  it('says who a post opens for and what would open it', () => {
    const fan = { isCreator: false, subscribed: false, unlocked: false };
    const published = { status: 'published' as const };
    expect(accessOf({ ...published, audience: 'free' }, fan)).toBe('open');
    expect(accessOf({ ...published, audience: 'subscribers' }, fan)).toBe('subscribe');
    expect(accessOf({ ...published, audience: 'subscribers' }, { ...fan, subscribed: true })).toBe('open');
    expect(accessOf({ ...published, audience: 'paid' }, { ...fan, subscribed: true })).toBe('unlock');
    expect(accessOf({ ...published, audience: 'paid' }, { ...fan, unlocked: true })).toBe('open');
    // Made subscribers-only after it was bought: its buyer keeps it open.
    expect(accessOf({ ...published, audience: 'subscribers' }, { ...fan, unlocked: true })).toBe('open');
    expect(accessOf({ status: 'deleted', audience: 'paid' }, { ...fan, unlocked: true })).toBe('unlock');
    expect(accessOf({ status: 'in_review', audience: 'free' }, fan)).toBe('unlock');
    expect(accessOf({ status: 'in_review', audience: 'free' }, { ...fan, isCreator: true })).toBe('open');
    expect(statusOf([])).toBe('published');
  });
});
