import { describe, expect, it } from '@jest/globals';
import { opensFree, ownsItem } from './owned-items.js';

type Facts = { bought: boolean; subscribed: boolean; subscribersOnly: boolean };
const facts = (over: Partial<Facts>) => ({
  bought: false,
  subscribed: false,
  subscribersOnly: false,
  downloads: false,
  ...over,
});

describe('items a fan owns already', () => {
  it('owns an item bought in a public store, or any item of a store they subscribe to', () => {
    expect(ownsItem(facts({ bought: true }))).toBe(true);
    expect(ownsItem(facts({ subscribed: true }))).toBe(true);
    expect(ownsItem(facts({ subscribed: true, subscribersOnly: true }))).toBe(true);
  });

  it('does not own an item bought in a subscribers-only store after the subscription lapsed, nor anything without a store', () => {
    expect(ownsItem(facts({ bought: true, subscribersOnly: true }))).toBe(false);
    expect(ownsItem(facts({}))).toBe(false);
    expect(ownsItem(null)).toBe(false);
  });

  it('opens a priced message free only when every item in it is a store item the fan owns', () => {
    const owned = new Set(['a', 'b']);
    expect(
      opensFree(
        [
          { contentId: 'a', source: 'store' },
          { contentId: 'b', source: 'store' },
        ],
        owned,
      ),
    ).toBe(true);
    expect(
      opensFree(
        [
          { contentId: 'a', source: 'store' },
          { contentId: 'c', source: 'store' },
        ],
        owned,
      ),
    ).toBe(false);
    // An upload made for the message is sold nowhere else: never owned, whatever the set says.
    expect(opensFree([{ contentId: 'a', source: 'upload' }], owned)).toBe(false);
    expect(opensFree([], owned)).toBe(false);
  });
});
