import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeUserRoleCommand, SearchUsersQuery, SeedAccountsCommand, type AppRole } from '#app/identity';
import type { Pool } from 'pg';
import { generate } from 'otplib';
import sharp from 'sharp';
import type { TestPlatform } from './test-platform.js';
import { authClient, clientIp } from './auth-client.js';
import { markTotpStepUsed } from './totp.js';

export const STRONG_PASSWORD = 'Fanmint-Test-9!';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export function signupMetadata(marketing = false) {
  return {
    marketing_consent: marketing,
    terms_accepted: true,
    terms_version: '1.0.0',
    privacy_version: '1.0.0',
    marketing_version: marketing ? '1.0.0' : null,
    consent_timestamp: new Date().toISOString(),
  };
}

/** Reads the token out of the confirmation email's /verify-email?token= link. */
export function tokenFromLink(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? url.pathname.split('/').pop();
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** Signs up through /auth/v1, follows the emailed link, and returns the confirmed account. */
/** Any running api with its mail inbox: a TestPlatform, or a Cluster's instance. */
export type ApiWithInbox = Pick<TestPlatform, 'baseUrl' | 'inbox'>;

/** An api with its inbox and its database: in process (TestPlatform), or another process's (a Cluster's, through pg). */
export type ApiWithDatabase = TestPlatform | (ApiWithInbox & { db: Pool });

/** One statement with `?` placeholders, on whichever database the platform has. */
async function runSql(platform: ApiWithDatabase, sql: string, params: unknown[]): Promise<void> {
  if ('api' in platform) await platform.api.get(MikroORM).em.fork().execute(sql, params);
  else {
    let n = 0;
    await platform.db.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
  }
}

export async function createConfirmedUser(platform: ApiWithInbox, password = STRONG_PASSWORD) {
  const email = uniqueEmail();
  const ip = clientIp();
  const client = authClient(platform.baseUrl, ip);
  const { error } = await client.signUp({ email, password, options: { data: signupMetadata() } });
  if (error) throw error;
  const mail = await platform.inbox.waitFor(email, /Confirm/);
  const link = mail.links.find((href) => href.includes('/verify-email?token='));
  if (!link) throw new Error('No confirmation link in the email');
  const response = await fetch(
    `${platform.baseUrl}/api/users/verify-email?token=${encodeURIComponent(tokenFromLink(link))}`,
    {
      headers: { 'x-forwarded-for': ip },
    },
  );
  if (response.status !== 200) throw new Error(`verify-email answered ${response.status}`);
  return { email, password, ip, client };
}

/**
 * An account signed up on a platform started with AUTH_AUTOCONFIRM=true (confirmed at once, no mail),
 * with the session sign-up opened and that session's id (from the access token).
 */
export async function autoconfirmedAccount(platform: { baseUrl: string }, prefix = 'user') {
  const email = uniqueEmail(prefix);
  const { data, error } = await authClient(platform.baseUrl).signUp({
    email,
    password: STRONG_PASSWORD,
    options: { data: signupMetadata() },
  });
  if (error || !data.session) throw error ?? new Error('no session (is AUTH_AUTOCONFIRM on?)');
  const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1], 'base64url').toString()) as {
    session_id: string;
  };
  return { id: data.session.user.id, email, password: STRONG_PASSWORD, sessionId: claims.session_id };
}

export async function signedInUser(platform: ApiWithInbox) {
  const account = await createConfirmedUser(platform);
  const { data, error } = await account.client.signInWithPassword({ email: account.email, password: account.password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { ...account, session: data.session };
}

/**
 * The platform's first admins, made as the product makes its first admin: the seed command (`npm run seed`
 * runs it with the demo accounts). Two, because making another admin takes a second admin's approval.
 */
const BOOTSTRAP_ADMINS = [1, 2].map((n) => ({
  role: 'admin' as const,
  email: `bootstrap-admin-${n}@example.test`,
  password: STRONG_PASSWORD,
}));
const bootstrapped = new WeakMap<object, Promise<[string, string]>>();

/** The ids of the two bootstrap admins of an in-process platform, seeded on first use. */
export function bootstrapAdmins(platform: TestPlatform): Promise<[string, string]> {
  let admins = bootstrapped.get(platform.api);
  if (!admins) {
    admins = (async () => {
      await platform.api.get(CommandBus).execute(new SeedAccountsCommand(BOOTSTRAP_ADMINS));
      const ids = await Promise.all(
        BOOTSTRAP_ADMINS.map(async ({ email }) => {
          const [user] = await platform.api.get(QueryBus).execute(new SearchUsersQuery(email, 1));
          if (!user) throw new Error(`bootstrap admin ${email} was not seeded`);
          return user.id;
        }),
      );
      return ids as [string, string];
    })();
    bootstrapped.set(platform.api, admins);
  }
  return admins;
}

/**
 * Gives a user a role through the role-change command, as an admin does in the console: the first
 * bootstrap admin decides, and for an admin the second approves the first one's request.
 */
export async function changeRole(platform: TestPlatform, userId: string, role: AppRole): Promise<void> {
  const [first, second] = await bootstrapAdmins(platform);
  const commands = platform.api.get(CommandBus);
  let result = await commands.execute(new ChangeUserRoleCommand(userId, role, first, 'test: staff set-up'));
  if (result.pendingAdminGrant)
    result = await commands.execute(new ChangeUserRoleCommand(userId, role, second, 'test: staff set-up approved'));
  if (result.user.role !== role) throw new Error(`${userId} is ${result.user.role}, not ${role}`);
}

/**
 * A signed-in moderator or admin with 2FA on and an aal2 session, as the console requires.
 * The TOTP code comes from otplib at the platform clock's time (mfa.e2e.ts checks codes against oathtool).
 */
export async function staffSession(
  platform: ApiWithDatabase,
  role: 'moderator' | 'admin',
  now: () => Date = () => new Date(),
) {
  return makeStaff(platform, await signedInUser(platform), role, now);
}

/**
 * Makes a signed-in account staff: the role through the role-change command (in process; a cluster's
 * api runs in other processes, where the role is set on its database), then a TOTP factor and an aal2 session.
 */
export async function makeStaff<A extends Awaited<ReturnType<typeof signedInUser>>>(
  platform: ApiWithDatabase,
  account: A,
  role: 'moderator' | 'admin',
  now: () => Date = () => new Date(),
) {
  const { sub: userId } = JSON.parse(
    Buffer.from(account.session.access_token.split('.')[1], 'base64url').toString(),
  ) as { sub: string };
  if ('api' in platform) await changeRole(platform, userId, role);
  else await runSql(platform, `update users set app_role = ? where id = ?`, [role, userId]);
  await account.client.refreshSession();
  const enrolled = await account.client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator App' });
  if (enrolled.error) throw enrolled.error;
  const challenge = await account.client.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error) throw challenge.error;
  const code = await generate({
    secret: enrolled.data.totp.secret,
    epoch: Math.floor(now().getTime() / 1000),
    period: 30,
    digits: 6,
    algorithm: 'sha1',
  });
  markTotpStepUsed(enrolled.data.totp.secret, now());
  const verified = await account.client.mfa.verify({
    factorId: enrolled.data.id,
    challengeId: challenge.data.id,
    code,
  });
  if (verified.error) throw verified.error;
  const token = (await account.client.getSession()).data.session!.access_token;
  return { ...account, userId, token, totpSecret: enrolled.data.totp.secret };
}

export type StaffSession = Awaited<ReturnType<typeof staffSession>>;

/** A plain photo for the verification form (the upload re-encodes it; only real image bytes pass). */
function samplePhoto(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

async function staffCall(platform: ApiWithInbox, token: string, method: string, path: string) {
  const response = await fetch(`${platform.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * A signed-in user whose identity verification was accepted, through the real flow (needs
 * LAUNCH_PHASE=live): the multipart submission, then a moderator claims and accepts it. Pass a
 * moderator to reuse one across calls (each new staff session enrols a TOTP factor).
 */
export async function verifiedCreator(
  platform: ApiWithDatabase,
  options: { moderator?: StaffSession; now?: () => Date } = {},
) {
  const account = await signedInUser(platform);
  const userId = account.session.user.id;
  const form = new FormData();
  form.append('fullName', 'Casey Creator');
  form.append('dateOfBirth', '1994-03-09');
  form.append('country', 'IE');
  form.append(
    'userPhotoWithId',
    new Blob([new Uint8Array(await samplePhoto(1))], { type: 'image/jpeg' }),
    'selfie.jpg',
  );
  form.append('idPhoto', new Blob([new Uint8Array(await samplePhoto(2))], { type: 'image/jpeg' }), 'id.jpg');
  const submitted = await fetch(`${platform.baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.session.access_token}` },
    body: form,
  });
  if (submitted.status !== 201) throw new Error(`verify-user answered ${submitted.status}: ${await submitted.text()}`);

  const moderator = options.moderator ?? (await staffSession(platform, 'moderator', options.now));
  const queue = (await staffCall(platform, moderator.token, 'GET', '/api/admin/verifications')) as {
    items: { id: string; userId: string }[];
  };
  const item = queue.items.find((entry) => entry.userId === userId);
  if (!item) throw new Error(`The submission of ${account.email} is not in the review queue`);
  await staffCall(platform, moderator.token, 'POST', `/api/admin/verifications/${item.id}/claim`);
  await staffCall(platform, moderator.token, 'POST', `/api/admin/verifications/${item.id}/accept`);
  return { ...account, userId, token: account.session.access_token, moderator };
}
