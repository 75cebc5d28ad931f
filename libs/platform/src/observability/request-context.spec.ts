import { describe, expect, it } from '@jest/globals';
import { acceptRequestId, currentRequestId, runWithRequestId } from './request-context.js';

describe('request ids', () => {
  it('keeps an acceptable incoming id', () => {
    expect(acceptRequestId('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(acceptRequestId(['first-id', 'second'])).toBe('first-id');
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(101)],
    ['unsafe characters', 'id\nforged log line'],
    ['spaces', 'an id'],
    ['missing', undefined],
  ])('replaces a %s id with a new one', (_label, header) => {
    const id = acceptRequestId(header);
    expect(id).not.toBe(header);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is current inside its run and across awaits, and not outside', async () => {
    expect(currentRequestId()).toBeUndefined();
    await runWithRequestId('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequestId()).toBe('req-1');
    });
    expect(currentRequestId()).toBeUndefined();
  });
});
