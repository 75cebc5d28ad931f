// Two-factor authentication through the real SPA in Debian's Chromium: enabling it on
// /dashboard/security, signing in with an authenticator code and with a recovery code, and
// disabling it again (SPEC §3, §4). The codes come from an independent TOTP implementation,
// Debian's oathtool (apt-get install oathtool), on the real clock.
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  createConfirmedUser,
  freshTotp,
  OATHTOOL,
  signInWithPassword,
  describeInBrowser,
  executableMissing,
  localStorageItem,
  startTestPlatform,
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

/** Shown as 'Samsung Internet on Android' in the sessions list. */
const SAMSUNG_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

let platform: TestPlatform;
let browser: BrowserSession | null = null;
let page: Page;

async function signInThroughUi(email: string, password: string): Promise<void> {
  await signInWithPassword(page, email, password);
}

/** Password sign-in of a 2FA account: lands on /two-fa-login with the second-factor prompt. */
async function signInToSecondFactor(email: string, password: string): Promise<void> {
  await signInThroughUi(email, password);
  await waitForToast(page, 'Please enter your two-factor authentication code');
  await waitForPath(page, '/two-fa-login');
  await page.getByRole('heading', { name: 'Two-Factor Verification' }).waitFor();
}

async function expectDashboard(email: string): Promise<void> {
  await waitForPath(page, '/dashboard');
  await page.getByText(email, { exact: true }).first().waitFor({ state: 'visible' });
  expect(await localStorageItem(page, 'token')).toBeTruthy();
}

async function logOut(): Promise<void> {
  await page.getByRole('button', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await waitForPath(page, '/');
  await waitForLocalStorage(page, 'token', false);
}

async function openSecurityPage(): Promise<void> {
  await page.goto('/dashboard/security');
  await page.getByRole('heading', { name: 'Security Settings', level: 1 }).waitFor();
}

/** The 'Sign out your other devices?' offer follows a security change when other sessions exist. */
async function declineEndOtherSessions(): Promise<void> {
  const offer = page.getByRole('dialog', { name: 'Sign out your other devices?' });
  try {
    await offer.waitFor({ state: 'visible', timeout: 1_500 });
  } catch {
    return;
  }
  await offer.getByRole('button', { name: 'Not now' }).click();
  await offer.waitFor({ state: 'hidden' });
}

/**
 * Badges, buttons and titles whose text is cut off (ellipsis or hidden overflow) or that stick out
 * of their card, as "text (why)"; empty when everything fits.
 */
async function clippedElements(target: Page): Promise<string[]> {
  interface El {
    scrollWidth: number;
    clientWidth: number;
    innerText: string;
    closest(selector: string): El | null;
    getBoundingClientRect(): { left: number; right: number };
  }
  return target.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): Iterable<El> } }).document;
    const found: string[] = [];
    for (const el of doc.querySelectorAll(
      'main .mantine-Badge-root, main .mantine-Badge-label, main .mantine-Button-label, main .mantine-Button-inner, main .mantine-Title-root',
    )) {
      const text = el.innerText.trim();
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${text} (cut off: ${el.clientWidth}px of ${el.scrollWidth}px)`);
      const card = el.closest('section');
      if (card) {
        const box = el.getBoundingClientRect();
        const bounds = card.getBoundingClientRect();
        if (box.left < bounds.left - 1 || box.right > bounds.right + 1) found.push(`${text} (outside its card)`);
      }
    }
    return found;
  });
}

/** Screenshots of the Security Settings page at phone and desktop width, dark and light. */
async function securityPageScreenshots(label: string): Promise<void> {
  const clipped: string[] = [];
  for (const scheme of ['dark', 'light'] as const) {
    await page.evaluate(
      (value) =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'theme',
          value,
        ),
      scheme,
    );
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await openSecurityPage();
      await page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor();
      await page.getByText(/unused recovery codes?, generated/).waitFor();
      await page.getByRole('list', { name: 'Sessions' }).getByText('Samsung Internet on Android').waitFor();
      await browser!.screenshot(`2fa-${label}-${width}-${scheme}`);
      clipped.push(...(await clippedElements(page)).map((what) => `${width}px ${scheme}: ${what}`));
    }
  }
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'theme',
      'dark',
    ),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSecurityPage();
  expect(clipped).toEqual([]);
}

describeInBrowser(
  'two-factor authentication in a real browser',
  () => {
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

    it('enables 2FA, signs in with an oathtool code and with a recovery code, then disables it', async () => {
      const account = await createConfirmedUser(platform);
      browser = await browsers.session(platform.baseUrl, { cookieConsentStored: true });
      page = browser.page;

      // 1. Sign in with the password and enable 2FA on /dashboard/security.
      await page.goto('/sign-in');
      await signInThroughUi(account.email, account.password);
      await waitForToast(page, 'Signed in successfully');
      await expectDashboard(account.email);
      await openSecurityPage();
      const twoFactor = page.getByRole('region', { name: 'Two-Factor Authentication' });
      await twoFactor.getByText('Not enabled', { exact: true }).waitFor();
      await twoFactor.getByRole('button', { name: 'Enable 2FA' }).click();
      await waitForToast(page, '2FA setup initiated. Scan the QR code and enter the token.');
      await twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const shown = (await twoFactor.getByTestId('totp-secret').innerText()).trim();
      expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/); // grouped in blocks of four
      const secret = shown.replace(/\s+/g, '');
      expect(secret.length).toBeGreaterThanOrEqual(16);
      await browser.screenshot('2fa-1-setup');

      await page.getByPlaceholder('Enter 6-digit code').fill(await freshTotp(secret));
      await twoFactor.getByRole('button', { name: 'Verify' }).click();
      await waitForToast(page, '2FA enabled successfully!');

      // 2. The recovery codes are shown once; the dialog only closes once they are marked saved.
      const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await codesDialog.waitFor();
      const codeItems = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codeItems.first().waitFor();
      const recoveryCodes = (await codeItems.allInnerTexts()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^\S{6,}$/);
      const done = codesDialog.getByRole('button', { name: 'Done' });
      expect(await done.isDisabled()).toBe(true);
      await browser.screenshot('2fa-2-recovery-codes');
      await codesDialog.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }).check();
      await done.click();
      await codesDialog.waitFor({ state: 'hidden' });
      await declineEndOtherSessions();
      await twoFactor.getByText('Enabled', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Recovery codes' }).getByText('10 left', { exact: true }).waitFor();

      // 3. A password sign-in now asks for the second factor; a fresh oathtool code completes it.
      await logOut();
      await signInToSecondFactor(account.email, account.password);
      expect(await localStorageItem(page, 'token')).toBeTruthy(); // aal1 session, held until verified
      await page.goto('/dashboard'); // an aal1 session cannot skip the second factor
      await waitForPath(page, '/two-fa-login');
      const codeInput = page.getByRole('textbox', { name: /^Authentication code/ });
      await codeInput.waitFor();
      await codeInput.fill(await freshTotp(secret));
      const verify = page.getByRole('button', { name: 'Verify Code' });
      await expect(verify.isEnabled()).resolves.toBe(true);
      await browser.screenshot('2fa-3-two-fa-login');
      await verify.click();
      await waitForToast(page, '2FA verification successful');
      await expectDashboard(account.email);

      // 4. Signing in once with a recovery code.
      await logOut();
      await signInToSecondFactor(account.email, account.password);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      const recoveryInput = page.getByRole('textbox', { name: /^Recovery code/ });
      await recoveryInput.fill(recoveryCodes[0]);
      await page.getByRole('button', { name: 'Use Recovery Code' }).click();
      await waitForToast(page, '2FA verification successful');
      await expectDashboard(account.email);

      // Another signed-in device (password only, the longest device name the page knows), so the
      // sessions list has a row with 'End'.
      const other = await fetch(`${platform.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: 'fanmint-public-anon-key',
          'content-type': 'application/json',
          'user-agent': SAMSUNG_UA,
          'x-forwarded-for': account.ip,
        },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(other.status).toBe(200);
      await openSecurityPage();
      await page.getByRole('region', { name: 'Recovery codes' }).getByText('9 left', { exact: true }).waitFor();
      await securityPageScreenshots('security-enabled');

      // 5. Disabling 2FA (a recovery-code sign-in is aal2, so no code should be needed).
      await twoFactor.getByRole('button', { name: 'Disable 2FA' }).click();
      const disableDialog = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication?' });
      await disableDialog.waitFor();
      const stepUpInput = disableDialog.getByRole('textbox', { name: /^Current 6-digit code/ });
      if (await stepUpInput.isVisible()) {
        console.warn('The disable dialog asked for a current code although the session should be aal2');
        await stepUpInput.fill(await freshTotp(secret));
      }
      await browser.screenshot('2fa-4-disable-dialog');
      await disableDialog.getByRole('button', { name: 'Disable 2FA' }).click();
      await waitForToast(page, '2FA disabled successfully');
      await disableDialog.waitFor({ state: 'hidden' });
      await declineEndOtherSessions();
      await twoFactor.getByText('Not enabled', { exact: true }).waitFor();
      expect(await page.getByRole('region', { name: 'Recovery codes' }).count()).toBe(0);

      // 6. The password alone signs in again.
      await logOut();
      await signInThroughUi(account.email, account.password);
      await waitForToast(page, 'Signed in successfully');
      await expectDashboard(account.email);
      await browser.screenshot('2fa-5-dashboard-without-2fa');
    }, 180_000);
  },
  [() => executableMissing(OATHTOOL, 'apt-get install oathtool, or set OATHTOOL_PATH')],
);
