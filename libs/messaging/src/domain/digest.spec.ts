import { describe, expect, it } from '@jest/globals';
import { digestVariables, previewOf } from './digest.js';

describe('what a digest shows of a message', () => {
  it('is its text on one line, cut at 140 characters', () => {
    expect(previewOf('  Hello\n\nthere  ', false, false)).toBe('Hello there');
    const long = previewOf('x'.repeat(300), false, false);
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it('says what media-only messages hold, and never spoils a paid message', () => {
    expect(previewOf('', true, false)).toBe('Sent a photo or video');
    expect(previewOf('The secret inside', true, true)).toBe('Sent a paid message');
  });
});

describe('the variables of a digest email', () => {
  const conversation = (id: string, name: string, unread: number) => ({
    conversationId: id,
    counterpartName: name,
    unread,
    latestBody: `from ${name}`,
    latestHasMedia: false,
    latestPriced: false,
  });
  const links = {
    publicUrl: 'https://fanmint.test',
    unsubscribeUrl: 'https://fanmint.test/api/messages/preferences/unsubscribe?token=t',
  };

  it('sums the unread messages over the conversations and links each one', () => {
    const variables = digestVariables([conversation('c1', 'Studio', 2), conversation('c2', 'fan••ab12', 1)], links);
    expect(variables.summary).toBe('3 unread messages in 2 conversations');
    expect(variables.conversations).toEqual([
      {
        name: 'Studio',
        count: '2 new messages',
        preview: 'from Studio',
        url: 'https://fanmint.test/dashboard/messages/c1',
      },
      {
        name: 'fan••ab12',
        count: '1 new message',
        preview: 'from fan••ab12',
        url: 'https://fanmint.test/dashboard/messages/c2',
      },
    ]);
    expect(variables).toMatchObject({
      messagesUrl: 'https://fanmint.test/dashboard/messages',
      settingsUrl: 'https://fanmint.test/dashboard/settings',
      unsubscribeUrl: links.unsubscribeUrl,
    });
  });

  it('names the sender when there is one conversation', () => {
    expect(digestVariables([conversation('c1', 'Studio', 1)], links).summary).toBe('1 unread message from Studio');
  });
});
