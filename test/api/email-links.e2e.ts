import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  authClient,
  clientIp,
  createConfirmedUser,
  FixedClock,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  tokenFromLink,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

let platform: TestPlatform;
const clock = new FixedClock(new Date());
const NEW_PASSWORD = 'Another-Strong-7?';

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterAll(async () => {
  await platform?.close();
});

function fragment(location: string): URLSearchParams {
  return new URLSearchParams(location.split('#')[1] ?? '');
}

async function requestReset(email: string, ip = clientIp()) {
  const { error } = await authClient(platform.baseUrl, ip).resetPasswordForEmail(email, {
    redirectTo: `${platform.baseUrl}/reset-password`,
  });
  expect(error).toBeNull();
  const mail = await platform.inbox.waitFor(email, /Reset your Fanmint password/);
  const verifyLink = mail.links.find((href) => href.includes('/auth/v1/verify?'))!;
  const tokenLink = mail.links.find((href) => href.includes('/create-new-password/'))!;
  return { verifyLink, tokenLink, token: new URL(verifyLink).searchParams.get('token')! };
}

async function resetWithToken(resetToken: string, newPassword: string) {
  const response = await fetch(`${platform.baseUrl}/api/users/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
    body: JSON.stringify({ resetToken, newPassword }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('email links: confirmation and password recovery', () => {
  it('follows the confirmation link through GET /auth/v1/verify: 303 with a session in the fragment, once', async () => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const mail = await platform.inbox.waitFor(email, /Confirm/);
    const token = tokenFromLink(mail.links.find((href) => href.includes('/verify-email?token='))!);

    const url = `${platform.baseUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(`${platform.baseUrl}/dashboard`)}`;
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = first.headers.get('location')!;
    expect(location.startsWith(`${platform.baseUrl}/dashboard#`)).toBe(true);
    const params = fragment(location);
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('type')).toBe('signup');

    // The session from the fragment is a real one.
    const auth = authClient(platform.baseUrl);
    const { data, error } = await auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const again = await fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(fragment(again.headers.get('location')!).get('error_code')).toBe('otp_expired');
  });

  it('ignores a redirect_to outside our own origin', async () => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const token = tokenFromLink(
      (await platform.inbox.waitFor(email, /Confirm/)).links.find((href) => href.includes('verify-email'))!,
    );
    const response = await fetch(
      `${platform.baseUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=https%3A%2F%2Fevil.example%2F`,
      { redirect: 'manual' },
    );
    expect(response.headers.get('location')!.startsWith(`${platform.baseUrl}/sign-in#`)).toBe(true);
  });

  it('carries a safe relative `next` from the sign-up into the confirmation link and the verify redirect, and drops an off-site one', async () => {
    const next = '/stores/velvet-hour?buy=4f9c2b1e-0000-4000-8000-000000000001&ref=REF123';
    const nextOf = (link: string) => new URL(link).searchParams.get('next');
    const signUp = async (emailRedirectTo: string) => {
      const email = uniqueEmail('return-path');
      await authClient(platform.baseUrl).signUp({
        email,
        password: STRONG_PASSWORD,
        options: { emailRedirectTo, data: signupMetadata() },
      });
      return (await platform.inbox.waitFor(email, /Confirm/)).links.find((href) =>
        href.startsWith(`${platform.baseUrl}/verify-email?token=`),
      )!;
    };

    const kept = await signUp(`${platform.baseUrl}/verify-email?next=${encodeURIComponent(next)}`);
    expect(nextOf(kept)).toBe(next);
    for (const offSite of ['https://evil.example/stores/x', '//evil.example/stores/x', '/\\evil.example']) {
      const dropped = await signUp(`${platform.baseUrl}/verify-email?next=${encodeURIComponent(offSite)}`);
      expect({ offSite, next: nextOf(dropped) }).toEqual({ offSite, next: null });
    }
    // A whole redirect elsewhere still falls back to our own page, with no `next`.
    expect(nextOf(await signUp(`https://evil.example/verify-email?next=${encodeURIComponent(next)}`))).toBeNull();

    // The email-link route (PKCE and direct links) applies the same rule to its redirect_to.
    const token = tokenFromLink(kept);
    const verify = (redirect: string) =>
      fetch(
        `${platform.baseUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirect)}`,
        { redirect: 'manual' },
      ).then((response) => response.headers.get('location')!);
    const offSite = await verify(`${platform.baseUrl}/sign-in?next=${encodeURIComponent('//evil.example')}`);
    expect(offSite.startsWith(`${platform.baseUrl}/sign-in#`)).toBe(true);
    const safe = await verify(`${platform.baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
    expect(new URL(safe).searchParams.get('next')).toBe(next);
  });

  it('redeems an emailed token with verifyOtp (POST /auth/v1/verify)', async () => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const token = tokenFromLink(
      (await platform.inbox.waitFor(email, /Confirm/)).links.find((href) => href.includes('verify-email'))!,
    );
    const auth = authClient(platform.baseUrl);
    const { data, error } = await auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const reused = await authClient(platform.baseUrl).verifyOtp({ type: 'signup', token_hash: token });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('resends the confirmation for an unconfirmed account and retires the previous link', async () => {
    const email = uniqueEmail();
    const ip = clientIp();
    await authClient(platform.baseUrl, ip).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const firstToken = tokenFromLink(
      (await platform.inbox.waitFor(email, /Confirm/)).links.find((href) => href.includes('verify-email'))!,
    );
    clock.advance(61_000);
    const { error } = await authClient(platform.baseUrl, ip).resend({ type: 'signup', email });
    expect(error).toBeNull();
    const second = await platform.inbox.waitFor(email, /Confirm/, { nth: 2 });
    const secondToken = tokenFromLink(second.links.find((href) => href.includes('verify-email'))!);
    expect(secondToken).not.toBe(firstToken);
    expect((await fetch(`${platform.baseUrl}/api/users/verify-email?token=${firstToken}`)).status).toBe(400);
    expect((await fetch(`${platform.baseUrl}/api/users/verify-email?token=${secondToken}`)).status).toBe(200);
  });

  it('expires confirmation links after 24 hours', async () => {
    const email = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const token = tokenFromLink(
      (await platform.inbox.waitFor(email, /Confirm/)).links.find((href) => href.includes('verify-email'))!,
    );
    clock.advance(24 * 3600_000 + 1000);
    const response = await fetch(`${platform.baseUrl}/api/users/verify-email?token=${token}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Record<string, unknown>).error).toBe('Invalid verification token.');
  });

  it('resets the password from the token link: single use, every session ended, new password works', async () => {
    const account = await createConfirmedUser(platform);
    const signedIn = await account.client.signInWithPassword({ email: account.email, password: account.password });
    const { tokenLink } = await requestReset(account.email);
    const resetToken = tokenLink.split('/create-new-password/')[1];

    const weak = await resetWithToken(resetToken, 'password');
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe('weak_password');

    const done = await resetWithToken(resetToken, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been changed successfully.');
    const reused = await resetWithToken(resetToken, 'Yet-Another-Pass-8!');
    expect(reused.status).toBe(400);

    const old = await fetch(`${platform.baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${signedIn.data.session!.access_token}` },
    });
    expect(old.status).toBe(403);
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: account.password }))
        .error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: NEW_PASSWORD })).error,
    ).toBeNull();
  });

  it('expires reset links after one hour', async () => {
    const account = await createConfirmedUser(platform);
    const { token } = await requestReset(account.email);
    clock.advance(3600_000 + 1000);
    const late = await resetWithToken(token, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: account.password }))
        .error,
    ).toBeNull();
  });

  it('recovers through the verify link: lands signed in on /reset-password and changes the password with updateUser', async () => {
    const account = await createConfirmedUser(platform);
    const { verifyLink } = await requestReset(account.email);
    expect(new URL(verifyLink).searchParams.get('redirect_to')).toBe(`${platform.baseUrl}/reset-password`);
    const response = await fetch(verifyLink, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${platform.baseUrl}/reset-password#`)).toBe(true);
    const params = fragment(location);
    expect(params.get('type')).toBe('recovery');

    const auth = authClient(platform.baseUrl);
    await auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    const { error } = await auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toBeNull();
    expect(
      (await authClient(platform.baseUrl).signInWithPassword({ email: account.email, password: NEW_PASSWORD })).error,
    ).toBeNull();
  });

  it('answers recover and resend the same for unknown, unconfirmed and confirmed addresses', async () => {
    const confirmed = await createConfirmedUser(platform);
    const unconfirmed = uniqueEmail();
    await authClient(platform.baseUrl).signUp({
      email: unconfirmed,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const unknown = uniqueEmail('nobody');
    clock.advance(61_000);

    const answers = [];
    for (const email of [unknown, unconfirmed, confirmed.email]) {
      for (const path of ['recover', 'resend']) {
        const response = await fetch(`${platform.baseUrl}/auth/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() },
          body: JSON.stringify({ email, type: 'signup' }),
        });
        answers.push(`${response.status} ${await response.text()}`);
      }
    }
    expect(new Set(answers)).toEqual(new Set(['200 {}']));
    await platform.drain();
    expect(platform.inbox.for(unknown)).toHaveLength(0);
  });
});
