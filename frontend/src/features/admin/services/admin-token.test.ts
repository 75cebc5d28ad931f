import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { keepAdminTokenCurrent } from './admin-token';

function fakeClient() {
  let listener: (event: AuthChangeEvent, session: Session | null) => void = () => {};
  return {
    onAuthStateChange: (callback: typeof listener) => {
      listener = callback;
    },
    emit: (event: AuthChangeEvent, token: string | null) =>
      listener(event, token ? ({ access_token: token } as Session) : null),
  };
}

describe('keepAdminTokenCurrent', () => {
  it('replaces adminToken on TOKEN_REFRESHED once sign-in stored one', () => {
    const client = fakeClient();
    keepAdminTokenCurrent(client);
    window.localStorage.setItem('adminToken', 'old');
    client.emit('TOKEN_REFRESHED', 'new');
    expect(window.localStorage.getItem('adminToken')).toBe('new');
  });

  it('never creates adminToken itself (a password-only session must not reach the API client)', () => {
    const client = fakeClient();
    keepAdminTokenCurrent(client);
    client.emit('SIGNED_IN', 'aal1');
    client.emit('MFA_CHALLENGE_VERIFIED', 'aal2');
    client.emit('TOKEN_REFRESHED', 'aal2-refreshed');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('clears adminToken on SIGNED_OUT and leaves the user token alone', () => {
    const client = fakeClient();
    keepAdminTokenCurrent(client);
    window.localStorage.setItem('adminToken', 'admin');
    window.localStorage.setItem('token', 'user');
    client.emit('SIGNED_OUT', null);
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('user');
  });
});
