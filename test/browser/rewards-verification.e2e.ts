// Rewards, identity verification and its review in the staff console, through the real SPA in
// Debian's Chromium (SPEC §2 Rewards and Verification, §4, §8). The live platform takes a
// verification from the page; a moderator signs in to /admin with an oathtool code, claims and
// accepts it; the user then sees 'User Verified.' with the date. A prelaunch platform shows the
// 'Verification Paused' overlay over an inert form.
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  createConfirmedUser,
  describeInBrowser,
  eventually,
  executableMissing,
  freshTotp,
  localStorageItem,
  OATHTOOL,
  signInWithPassword,
  staffSession,
  startTestPlatform,
  waitForPath,
  waitForToast,
  type BrowserSession,
  type TestPlatform,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';

/** One Chromium for the file, a context per browser the tests open. */
const browsers = sharedBrowser({ timeoutMs: 10_000 });
afterAll(() => browsers.closeAll());

// Fresh keys each run: a wallet belongs to one account and other suites share the database.
const WALLET = bs58.encode(randomBytes(32));
const OTHER_WALLET = bs58.encode(randomBytes(32));
const HANDLE = `fan_${randomBytes(4).toString('hex')}`;

let live: TestPlatform;
let prelaunch: TestPlatform;
const sessions: BrowserSession[] = [];

async function browserOn(platform: TestPlatform): Promise<Page> {
  const session = await browsers.session(platform.baseUrl, { cookieConsentStored: true, timeoutMs: 15_000 });
  sessions.push(session);
  return session.page;
}

/** Accounts are always made on the live platform: its worker delivers the mail (both share one database). */
async function signedInPage(platform: TestPlatform): Promise<{ page: Page; email: string; userId: string }> {
  const account = await createConfirmedUser(live);
  const page = await browserOn(platform);
  await signInWithPassword(page, account.email, account.password);
  await waitForPath(page, '/dashboard');
  const token = await localStorageItem(page, 'token');
  const { sub } = JSON.parse(Buffer.from(token!.split('.')[1], 'base64url').toString()) as { sub: string };
  return { page, email: account.email, userId: sub };
}

const rewardsRow = async (platform: TestPlatform, userId: string) =>
  (
    await platform.api
      .get(MikroORM)
      .em.fork()
      .execute<{ wallet_address: string | null; telegram_username: string | null }[]>(
        `select wallet_address, telegram_username from user_rewards where user_id = ?`,
        [userId],
      )
  )[0] ?? null;

const photo = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  live = await startTestPlatform({ env: { LAUNCH_PHASE: 'live' } });
  // No worker: the live platform's worker alone relays the shared outbox to its mail inbox.
  prelaunch = await startTestPlatform({ worker: false, env: { LAUNCH_PHASE: 'prelaunch' } });
});

afterEach(async () => {
  while (sessions.length) await sessions.pop()!.close();
});

afterAll(async () => {
  await prelaunch?.close();
  await live?.close();
});

describeInBrowser(
  'rewards and verification in the browser',
  () => {
    it('adds, edits, cancels and removes the wallet and the Telegram username', async () => {
      const { page, userId } = await signedInPage(live);
      await page.goto('/dashboard/rewards');
      await page.getByRole('heading', { name: 'Token IDO Coming Q1 2025!' }).waitFor();

      const wallet = page.getByRole('region', { name: 'Solana wallet', exact: true });
      await wallet.getByLabel(/^Solana wallet address/).fill('not-a-wallet');
      await wallet.locator('button[type=submit]').click();
      await wallet.getByText(/base58/).waitFor();
      await wallet.getByLabel(/^Solana wallet address/).fill(WALLET);
      await wallet.locator('button[type=submit]').click();
      await waitForToast(page, 'Wallet added successfully');
      await wallet.getByText(WALLET).waitFor();
      expect(await rewardsRow(live, userId)).toMatchObject({ wallet_address: WALLET });

      await wallet.getByRole('button', { name: /^Edit/ }).click();
      await wallet.getByLabel(/^Solana wallet address/).fill(OTHER_WALLET);
      await wallet.getByRole('button', { name: 'Cancel' }).click();
      await wallet.getByText(WALLET).waitFor();
      await wallet.getByRole('button', { name: /^Edit/ }).click();
      await wallet.getByLabel(/^Solana wallet address/).fill(OTHER_WALLET);
      await wallet.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Wallet updated successfully');
      await wallet.getByText(OTHER_WALLET).waitFor();

      const telegram = page.getByRole('region', { name: 'Telegram username', exact: true });
      await telegram.getByLabel(/^Telegram username/).fill(`@${HANDLE}`);
      await telegram.locator('button[type=submit]').click();
      await waitForToast(page, 'Telegram username added successfully');
      await telegram.getByRole('button', { name: /^Edit/ }).click();
      await telegram.getByLabel(/^Telegram username/).fill(`${HANDLE}2`);
      await telegram.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Telegram username updated successfully');
      expect(await rewardsRow(live, userId)).toEqual({ wallet_address: OTHER_WALLET, telegram_username: `${HANDLE}2` });

      await page.reload();
      await telegram.getByText(`${HANDLE}2`).waitFor();
      await telegram.getByRole('button', { name: /^Remove/ }).click();
      await waitForToast(page, 'Telegram username removed successfully');
      await wallet.getByRole('button', { name: /^Remove/ }).click();
      await waitForToast(page, 'Wallet removed successfully');
      await wallet.getByLabel(/^Solana wallet address/).waitFor();
      expect(await rewardsRow(live, userId)).toEqual({ wallet_address: null, telegram_username: null });
    });

    it('takes a verification, which a moderator claims and accepts in the console; the user then sees User Verified. with the date', async () => {
      const user = await signedInPage(live);
      const { page } = user;
      await page.goto('/dashboard/verification');
      await page.getByRole('button', { name: 'Finish Verification' }).waitFor();
      expect(await page.getByRole('button', { name: 'Finish Verification' }).isDisabled()).toBe(true);
      await page.getByLabel(/^Full Name/).fill('Browser Test Creator');
      await page.getByLabel(/^Date of Birth/).fill('1994-03-09');
      await page
        .getByLabel(/^Country/)
        .first()
        .fill('Germ');
      await page.getByRole('option', { name: 'Germany' }).click();
      await page
        .locator('input[type=file][name=userPhotoWithId]')
        .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 120, g: 60, b: 140 }) });
      await page.locator('input[type=file][name=idPhoto]').setInputFiles({
        name: 'passport.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo({ r: 40, g: 110, b: 130 }),
      });
      await page.getByRole('button', { name: 'Change Photo with ID' }).waitFor();
      await page.getByRole('button', { name: 'Finish Verification' }).click();
      await page.getByText('Verification Processing').waitFor();

      // The moderator signs in to the console with a password and an oathtool code.
      const moderator = await staffSession(live, 'moderator');
      const console = await browserOn(live);
      await console.goto('/admin/sign-in');
      await console.getByLabel(/^Email/).fill(moderator.email);
      await console.getByLabel(/^Password/).fill(moderator.password);
      await console.getByRole('button', { name: 'Continue' }).click();
      await console.getByLabel(/^Authentication code/).fill(await freshTotp(moderator.totpSecret));
      await console.getByRole('button', { name: 'Verify' }).click();
      await waitForPath(console, '/admin/verifications');
      expect(await localStorageItem(console, 'adminToken')).toBeTruthy();
      expect(await localStorageItem(console, 'token')).toBeNull();

      await console
        .getByRole('link', { name: /Browser Test Creator/ })
        .first()
        .click();
      await console.getByRole('heading', { name: 'Browser Test Creator' }).waitFor();
      // The ID images open only to the moderator holding the case.
      await console.getByText('Claim this submission to see the image.').first().waitFor();
      await console.getByRole('button', { name: 'Claim' }).click();
      await console.getByRole('button', { name: 'Release' }).waitFor();
      const images = console.locator('img[alt="Photo with ID"], img[alt="ID document"]');
      await images.first().waitFor();
      // Both ID images load through their signed links with the console's session (decoded by the browser: real JPEGs).
      await eventually(
        () =>
          images.evaluateAll(
            (nodes) => nodes.filter((node) => (node as unknown as { naturalWidth: number }).naturalWidth > 0).length,
          ),
        (loaded) => loaded === 2,
      );
      await console.getByRole('button', { name: 'Accept', exact: true }).click();
      await console.getByRole('button', { name: 'Accept verification' }).click();
      await console.getByRole('button', { name: 'Accept verification' }).waitFor({ state: 'hidden' });
      await waitForPath(console, '/admin/verifications');
      await console.getByRole('link', { name: /Browser Test Creator/ }).waitFor({ state: 'detached' });
      const [decided] = await live.api
        .get(MikroORM)
        .em.fork()
        .execute<{ status: string }[]>(
          `select status from verification_submissions where full_name = 'Browser Test Creator'`,
        );
      expect(decided.status).toBe('accepted');
      await live.inbox.waitFor(user.email, /was accepted/);

      await page.reload();
      await page.getByText('User Verified.').waitFor();
      const verifiedAt = await page.getByText(/^Account Verified at /).textContent();
      expect(verifiedAt).toBe(`Account Verified at ${await page.evaluate(() => new Date().toLocaleDateString())}`);
      await page.getByRole('link', { name: 'Go to Store Settings' }).click();
      await waitForPath(page, '/dashboard/mystoresettings');
    });

    it('shows the Verification Paused overlay in prelaunch over a form that cannot be used', async () => {
      const { page } = await signedInPage(prelaunch);
      await page.goto('/dashboard/verification');
      await page.getByText('Verification Paused').waitFor();
      const form = page.getByRole('form', { name: 'Verification form' }).or(page.locator('form')).first();
      expect(await page.locator('[inert]').count()).toBeGreaterThan(0);
      expect(await form.evaluate((node) => node.closest('[inert]') !== null)).toBe(true);
      await expect(page.getByLabel(/^Full Name/).fill('Someone', { timeout: 1500 })).rejects.toThrow();
      expect(
        await prelaunch.api
          .get(MikroORM)
          .em.fork()
          .execute(`select 1 from verification_submissions where full_name = 'Someone'`),
      ).toHaveLength(0);
    });
  },
  [() => executableMissing(OATHTOOL, 'apt-get install oathtool, or set OATHTOOL_PATH')],
);
