import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  authClient,
  clientIp,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  tokenFromLink,
  uniqueEmail,
  type TestPlatform,
} from '#app/testing';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

describe('sign-up, email confirmation and sign-in through the official auth client', () => {
  it('registers without a session, mails a single-use link, and signs in once confirmed', async () => {
    const email = uniqueEmail('fan');
    const ip = clientIp();
    const auth = authClient(platform.baseUrl, ip);

    const signUp = await auth.signUp({ email, password: STRONG_PASSWORD, options: { data: signupMetadata(true) } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toMatchObject({
      marketing_consent: true,
      terms_accepted: true,
      terms_version: '1.0.0',
      privacy_version: '1.0.0',
      marketing_version: '1.0.0',
    });

    const early = await auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await platform.inbox.waitFor(email, /Confirm your Fanmint email/);
    const link = mail.links.find((href) => href.startsWith(`${platform.baseUrl}/verify-email?token=`));
    expect(link).toBeDefined();
    const token = tokenFromLink(link!);

    const verified = await fetch(`${platform.baseUrl}/api/users/verify-email?token=${encodeURIComponent(token)}`, {
      headers: { 'x-forwarded-for': ip },
    });
    expect(verified.status).toBe(200);
    const reused = await fetch(`${platform.baseUrl}/api/users/verify-email?token=${encodeURIComponent(token)}`, {
      headers: { 'x-forwarded-for': ip },
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()) as Record<string, unknown>).toMatchObject({ error: 'Invalid verification token.' });

    const signIn = await auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.access_token).toBeTruthy();
    expect(signIn.data.user?.phone).toBe('');
    expect(signIn.data.user?.app_metadata.provider).toBe('email');
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();

    const { data: user, error } = await auth.getUser();
    expect(error).toBeNull();
    expect(user.user?.email).toBe(email);
  });

  it('answers a sign-up for an existing address exactly like a new one and mails the owner instead', async () => {
    const email = uniqueEmail('owner');
    const first = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    const mail = await platform.inbox.waitFor(email, /Confirm/);
    await fetch(
      `${platform.baseUrl}/api/users/verify-email?token=${encodeURIComponent(tokenFromLink(mail.links.find((l) => l.includes('verify-email'))!))}`,
    );

    const again = await authClient(platform.baseUrl).signUp({
      email,
      password: 'Other-pass-77!',
      options: { data: signupMetadata() },
    });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(Object.keys(again.data.user!).sort()).toEqual(Object.keys(first.data.user!).sort());
    expect(again.data.user!.id).not.toBe(first.data.user!.id);
    expect(again.data.user!.identities).toHaveLength(1);

    const notice = await platform.inbox.waitFor(email, /tried to sign up/);
    expect(notice.text).toContain('No new account was created');
    // The owner's password did not change.
    const signIn = await authClient(platform.baseUrl).signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('refuses passwords that break the rules, with the reasons, and creates nothing', async () => {
    const email = uniqueEmail('weak');
    const auth = authClient(platform.baseUrl);
    const short = await auth.signUp({ email, password: 'Ab1!' });
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as { reasons?: string[] }).reasons).toContain('length');
    const common = await auth.signUp({ email, password: 'Password1!' });
    expect(common.error?.code).toBe('weak_password');
    expect((common.error as { reasons?: string[] }).reasons).toEqual(['pwned']);
    const noSpecial = await auth.signUp({ email, password: 'Abcdefgh12' });
    expect((noSpecial.error as { reasons?: string[] }).reasons).toEqual(['characters']);
    const invalidEmail = await auth.signUp({ email: 'not-an-email', password: STRONG_PASSWORD });
    expect(invalidEmail.error?.message).toBe('Unable to validate email address: invalid format');

    await platform.drain();
    expect(platform.inbox.for(email)).toHaveLength(0);
    const signIn = await auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });
});
