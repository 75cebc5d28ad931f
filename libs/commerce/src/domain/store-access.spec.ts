import { mayViewStore } from './store-access.js';

describe('mayViewStore', () => {
  it('shows a general store to anyone', () => {
    expect(mayViewStore({ isNsfw: false }, { viewerId: null, ageChecked: false })).toBe(true);
  });

  it('shows an adult store to an account or to a browser that passed the age check, and to no one else', () => {
    expect(mayViewStore({ isNsfw: true }, { viewerId: null, ageChecked: false })).toBe(false);
    expect(mayViewStore({ isNsfw: true }, { viewerId: null, ageChecked: true })).toBe(true);
    expect(mayViewStore({ isNsfw: true }, { viewerId: 'u1', ageChecked: false })).toBe(true);
  });
});
