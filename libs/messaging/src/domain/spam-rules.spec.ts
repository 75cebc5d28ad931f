import { describe, expect, it } from '@jest/globals';
import { DUPLICATE_RULE, duplicateRuleApplies, isDuplicateSpam, isNewAccount, NEW_ACCOUNT_DAYS } from './spam-rules.js';

describe('spam rules', () => {
  it(`counts an account as new for its first ${NEW_ACCOUNT_DAYS} days`, () => {
    const created = new Date('2026-12-01T00:00:00Z');
    expect(isNewAccount(created, new Date('2026-12-07T23:59:59Z'))).toBe(true);
    expect(isNewAccount(created, new Date('2026-12-08T00:00:00Z'))).toBe(false);
  });

  it('refuses a text once it reached the most conversations the window allows, and only texts long enough to be a pitch', () => {
    expect(isDuplicateSpam(DUPLICATE_RULE.maxConversations - 1)).toBe(false);
    expect(isDuplicateSpam(DUPLICATE_RULE.maxConversations)).toBe(true);
    expect(duplicateRuleApplies('thanks!')).toBe(false);
    expect(duplicateRuleApplies('check my new page today')).toBe(true);
  });
});
