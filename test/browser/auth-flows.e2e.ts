// Account flows through the real SPA in Debian's Chromium: sign-up and email confirmation,
// sign-in and logout, both password-reset links, and the sign-in errors (SPEC §2, §4, §8).
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  authClient,
  createConfirmedUser,
  describeInBrowser,
  dismissCookieBanner,
  localStorageItem,
  localStorageKeys,
  signupMetadata,
  startTestPlatform,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForLocalStorage,
  waitForPath,
  waitForToast,
  type BrowserSession,
  type TestPlatform,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';

/** One Chromium for the file, a context per browser the tests open. */
const browsers = sharedBrowser({ timeoutMs: 10_000 });
afterAll(() => browsers.closeAll());

const NEW_PASSWORD = 'Brand-New-Pass-42!';

let platform: TestPlatform;
let browser: BrowserSession | null = null;
let page: Page;

/** A form field by its label; a required field's label ends with ' *'. */
function field(label: string) {
  return page.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

/**
 * Opens a fresh browser profile with its own client address for the current test. The sign-up
 * test answers the cookie banner like a first visit; the others start with a stored choice.
 */
async function open(path: string, { firstVisit = false } = {}): Promise<Page> {
  browser = await browsers.session(platform.baseUrl, { cookieConsentStored: !firstVisit });
  page = browser.page;
  await page.goto(path);
  if (firstVisit) await dismissCookieBanner(page);
  return page;
}

async function signInThroughUi(email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/sign-in') await page.goto('/sign-in');
  await field('Email').fill(email);
  await field('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function expectSignedInDashboard(email: string): Promise<void> {
  await waitForPath(page, '/dashboard');
  const card = page.getByText('Signed in as', { exact: true });
  await card.waitFor({ state: 'visible' });
  await page.getByText(email, { exact: true }).first().waitFor({ state: 'visible' });
  expect(await localStorageItem(page, 'token')).toBeTruthy();
}

/**
 * Measures inside the page (no test-runner latency) how long after `text` first shows up the
 * path becomes `path`; resolves with the milliseconds.
 */
async function measureInPage(target: Page, text: string, path: string): Promise<number> {
  interface PageGlobals {
    document: { body: { innerText: string } };
    location: { pathname: string };
    performance: { now(): number };
    setInterval(fn: () => void, ms: number): number;
    clearInterval(id: number): void;
  }
  return target.evaluate(
    ([wantedText, wantedPath]) =>
      new Promise<number>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        let shownAt: number | null = null;
        const id = g.setInterval(() => {
          if (shownAt === null && g.document.body.innerText.includes(wantedText)) shownAt = g.performance.now();
          if (shownAt !== null && g.location.pathname === wantedPath) {
            g.clearInterval(id);
            resolve(g.performance.now() - shownAt);
          }
        }, 10);
      }),
    [text, path] as const,
  );
}

/** Requests a reset on /forgot-password through the UI and returns both links of the email. */
async function requestResetThroughUi(email: string) {
  await page.goto('/forgot-password');
  await field('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await waitForToast(page, 'Password reset link sent to your email!');
  const mail = await platform.inbox.waitFor(email, /Reset your Fanmint password/);
  const verifyLink = mail.links.find((href) => href.startsWith(`${platform.baseUrl}/auth/v1/verify?`));
  const tokenLink = mail.links.find((href) => href.startsWith(`${platform.baseUrl}/create-new-password/`));
  expect(verifyLink).toBeDefined();
  expect(tokenLink).toBeDefined();
  const verify = new URL(verifyLink!);
  expect(verify.searchParams.get('type')).toBe('recovery');
  expect(verify.searchParams.get('token')).toBeTruthy();
  expect(verify.searchParams.get('redirect_to')).toBe(`${platform.baseUrl}/reset-password`);
  return { verifyLink: verifyLink!, tokenLink: tokenLink! };
}

/** After a reset: the old password is refused, the new one reaches the dashboard. */
async function expectOnlyNewPasswordWorks(email: string, oldPassword: string, newPassword: string): Promise<void> {
  await signInThroughUi(email, oldPassword);
  await waitForToast(page, 'Invalid email or password');
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await signInThroughUi(email, newPassword);
  await expectSignedInDashboard(email);
}

describeInBrowser('account flows in a real browser', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  beforeEach(() => {
    browser = null;
  });

  afterEach(async () => {
    await browser?.close();
    browser = null;
  });

  it('signs up, confirms the email from the link, signs in and logs out', async () => {
    const email = uniqueEmail('browser-signup');
    await open('/sign-up', { firstVisit: true });

    await field('Email').fill(email);
    await field('Password').fill(STRONG_PASSWORD);
    await field('Confirm password').fill(STRONG_PASSWORD);
    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true); // terms not accepted yet
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    // The marketing box stays unchecked: consent is optional and must not gate the button.
    expect(await page.getByRole('checkbox', { name: /product news/ }).isChecked()).toBe(false);
    expect(await submit.isEnabled()).toBe(true);
    const redirectDelay = measureInPage(page, 'Account created successfully!', '/check-email');
    redirectDelay.catch(() => undefined); // awaited below; the page may close first if a step fails
    await submit.click();

    await waitForToast(page, 'Account created successfully! Please check your email for verification.');
    await waitForPath(page, '/check-email');
    // SPEC §4: the success toast first, then /check-email after 1 s.
    const delay = await redirectDelay;
    expect(delay).toBeGreaterThanOrEqual(850);
    expect(delay).toBeLessThan(3000);
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();

    const mail = await platform.inbox.waitFor(email, /Confirm your Fanmint email/);
    const link = mail.links.find((href) => href.startsWith(`${platform.baseUrl}/verify-email?token=`));
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await waitForToast(page, 'Email verified successfully!');
    await browser!.screenshot('1a-email-verified');
    await waitForPath(page, '/sign-in');

    await signInThroughUi(email, STRONG_PASSWORD);
    await waitForToast(page, 'Signed in successfully');
    await expectSignedInDashboard(email);
    await browser!.screenshot('1b-dashboard');

    await page.getByRole('button', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await dialog.waitFor();
    await dialog
      .getByText('Are you sure you want to log out? This will end your session and redirect you to the home page.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Log Out' }).click();
    await waitForPath(page, '/');
    await waitForLocalStorage(page, 'token', false);
    // Neither the app's `token` nor the auth client's stored session is left behind.
    expect((await localStorageKeys(page)).filter((key) => /auth|token/i.test(key))).toEqual([]);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await browser!.screenshot('1c-logged-out-home');

    await page.goto('/dashboard');
    await waitForPath(page, '/sign-in');
  });

  it('resets the password through the main email link (signed in on /reset-password) and signs in with it', async () => {
    const account = await createConfirmedUser(platform);
    await open('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    const { verifyLink } = await requestResetThroughUi(account.email);

    await page.goto(verifyLink);
    await waitForPath(page, '/reset-password');
    await field('New password').waitFor();
    // The link signed the browser in (implicit flow): the session is stored and the fragment consumed.
    await waitForLocalStorage(page, 'token', true);
    expect(new URL(page.url()).hash).not.toContain('access_token');

    await field('New password').fill(NEW_PASSWORD);
    await field('Confirm new password').fill(NEW_PASSWORD);
    expect(await page.locator('[aria-label="Password requirements"] [data-met="false"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password has been reset successfully!');
    await browser!.screenshot('2a-reset-password-done');
    await waitForPath(page, '/sign-in');
    await waitForLocalStorage(page, 'token', false);

    await expectOnlyNewPasswordWorks(account.email, account.password, NEW_PASSWORD);
    await browser!.screenshot('2a-dashboard-after-reset');
  });

  it('resets the password through the /create-new-password/{token} link and signs in with it', async () => {
    const account = await createConfirmedUser(platform);
    await open('/forgot-password');
    const { tokenLink } = await requestResetThroughUi(account.email);

    await page.goto(tokenLink);
    await page.getByRole('heading', { name: 'Create a new password' }).waitFor();
    const input = field('New Password');
    await input.waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    await input.fill(NEW_PASSWORD);
    await browser!.screenshot('2b-create-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Your password has been changed successfully.');
    await waitForPath(page, '/sign-in');

    await expectOnlyNewPasswordWorks(account.email, account.password, NEW_PASSWORD);
    await browser!.screenshot('2b-dashboard-after-reset');
  });

  it('refuses a wrong password with "Invalid email or password"', async () => {
    const account = await createConfirmedUser(platform);
    await open('/sign-in');
    await signInThroughUi(account.email, 'Wrong-Password-1!');
    await waitForToast(page, 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await localStorageItem(page, 'token')).toBeNull();
    expect(await page.getByRole('button', { name: 'Resend Verification Email' }).count()).toBe(0);
    await browser!.screenshot('3a-wrong-password');
  });

  it('tells an unconfirmed account to verify and resends the confirmation email', async () => {
    const email = uniqueEmail('browser-unconfirmed');
    const { error } = await authClient(platform.baseUrl).signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: signupMetadata() },
    });
    expect(error).toBeNull();
    const first = await platform.inbox.waitFor(email, /Confirm your Fanmint email/);

    await open('/sign-in');
    await signInThroughUi(email, STRONG_PASSWORD);
    await waitForToast(page, 'Email not verified. Please check your email.');
    const resend = page.getByRole('button', { name: 'Resend Verification Email' });
    await resend.waitFor();
    await resend.click();
    await waitForToast(page, 'Verification email resent successfully!');
    await browser!.screenshot('3b-unconfirmed-resent');

    const second = await platform.inbox.waitFor(email, /Confirm your Fanmint email/, { nth: 2 });
    const secondLink = second.links.find((href) => href.startsWith(`${platform.baseUrl}/verify-email?token=`));
    expect(secondLink).toBeDefined();
    expect(secondLink).not.toBe(first.links.find((href) => href.includes('/verify-email?token=')));

    // The resent link confirms the account.
    await page.goto(secondLink!);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await waitForPath(page, '/sign-in');
    await signInThroughUi(email, STRONG_PASSWORD);
    await expectSignedInDashboard(email);
  });
});
