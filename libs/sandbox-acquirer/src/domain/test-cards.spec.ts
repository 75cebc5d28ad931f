import { describe, expect, it } from '@jest/globals';
import { passesLuhn } from './card-validation.js';
import { authorise, behaviourOf, DECLINES, needsThreeDSecure, TEST_CARDS } from './test-cards.js';

describe('test cards', () => {
  it('are all Luhn-valid and distinct', () => {
    expect(TEST_CARDS.every((card) => passesLuhn(card.number))).toBe(true);
    expect(new Set(TEST_CARDS.map((card) => card.number)).size).toBe(TEST_CARDS.length);
  });

  it('map each documented number to its behaviour; any other number approves', () => {
    expect(Object.fromEntries(TEST_CARDS.map((card) => [card.number, behaviourOf(card.number)]))).toEqual({
      '4242424242424242': 'approve',
      '4000000000000002': 'decline',
      '4000000000009995': 'insufficient_funds',
      '4000000000003220': 'three_ds_then_approve',
      '4000008400001629': 'three_ds_then_decline',
      '4100000000000019': 'fraud',
      '4000000000000259': 'approve_then_dispute',
    });
    expect(behaviourOf('5555555555554444')).toBe('approve');
  });

  it('ask for 3-D Secure only for the two 3DS cards', () => {
    expect(TEST_CARDS.filter((card) => needsThreeDSecure(card.behaviour)).map((card) => card.number)).toEqual([
      '4000000000003220',
      '4000008400001629',
    ]);
  });

  it('authorise or decline with a reason code', () => {
    expect(authorise('approve', { authenticated: false })).toBeNull();
    expect(authorise('approve_then_dispute', { authenticated: false })).toBeNull();
    expect(authorise('decline', { authenticated: true })).toBe(DECLINES.card_declined);
    expect(authorise('insufficient_funds', { authenticated: true })).toBe(DECLINES.insufficient_funds);
    expect(authorise('fraud', { authenticated: true })).toBe(DECLINES.fraudulent);
    expect(authorise('three_ds_then_approve', { authenticated: true })).toBeNull();
    expect(authorise('three_ds_then_approve', { authenticated: false })).toBe(DECLINES.authentication_failed);
    expect(authorise('three_ds_then_decline', { authenticated: true })).toBe(DECLINES.card_declined);
    expect(authorise('three_ds_then_decline', { authenticated: false })).toBe(DECLINES.authentication_failed);
  });
});
