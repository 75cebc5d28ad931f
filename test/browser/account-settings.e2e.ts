import { afterAll, beforeAll, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { axeViolations } from './axe.js';
import {
  createConfirmedUser,
  describeInBrowser,
  pageSettled,
  signInWithPassword,
  startTestPlatform,
  waitForPath,
  waitForToast,
  type TestPlatform,
} from '#app/testing';
import { sharedBrowser, showColorScheme } from './shared-browser.js';

/** One Chromium for the file, a context per browser the tests open. */
const browsers = sharedBrowser({ timeoutMs: 10_000 });
afterAll(() => browsers.closeAll());

/** General Settings in a real browser: the page at phone and desktop sizes in both themes (axe on each), a saved name and picture, a password change, the delete dialog. */
let platform: TestPlatform;

describeInBrowser('General Settings in a real browser', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('renders at 375, 1366x768 and 1280 in dark and light with a picture and passes axe, saves a display name, changes the password and opens the delete dialog', async () => {
    const account = await createConfirmedUser(platform);
    const browser = await browsers.session(platform.baseUrl, { cookieConsentStored: true });
    try {
      const { page } = browser;
      await page.goto('/sign-in');
      await signInWithPassword(page, account.email, account.password);
      await waitForPath(page, '/dashboard');
      await page.goto('/dashboard/settings');
      await page.getByLabel('Display name').fill('Alex Fan');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Display name saved');
      // A portrait-ish gradient photo: it comes back a 512 px square WebP and shows in the card.
      const picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d9774b' } })
        .composite([
          {
            input: Buffer.from(
              '<svg width="900" height="700"><circle cx="450" cy="300" r="170" fill="#f4d9c6"/><rect x="220" y="470" width="460" height="260" rx="200" fill="#2f4a7a"/></svg>',
            ),
          },
        ])
        .jpeg()
        .toBuffer();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
      await waitForToast(page, 'Profile picture saved');
      const avatar = page.getByRole('img', { name: 'Your profile picture' });
      await expect(
        avatar.evaluate((img) =>
          (img as unknown as { decode(): Promise<void> })
            .decode()
            .then(() => (img as unknown as { naturalWidth: number }).naturalWidth),
        ),
      ).resolves.toBe(512);

      // Loaded again: the name and the picture were saved. Then each theme and size is shown in place.
      await page.goto('/dashboard/settings');
      await page.getByText(account.email).first().waitFor();
      await page.getByRole('img', { name: 'Your profile picture' }).waitFor();
      expect(await page.getByLabel('Display name').inputValue()).toBe('Alex Fan');
      for (const scheme of ['dark', 'light'] as const) {
        await showColorScheme(page, scheme);
        for (const [width, height] of [
          [375, 812],
          [1366, 768],
          [1280, 900],
        ]) {
          await page.setViewportSize({ width, height });
          await page.getByRole('img', { name: 'Your profile picture' }).waitFor();
          await page.waitForFunction(() => [...document.images].every((img) => img.complete));
          await pageSettled(page);
          await browser.screenshot(`account-settings-avatar-${width}-${scheme}`);
          expect({ scheme, width, violations: await axeViolations(page) }).toEqual({ scheme, width, violations: [] });
        }
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByLabel('Current password').fill(account.password);
      await page.getByLabel('New password', { exact: true }).fill('Changed-in-settings-9!');
      await page.getByLabel('Confirm new password').fill('Changed-in-settings-9!');
      await browser.screenshot('account-settings-password-375-light');
      await page.getByRole('button', { name: 'Change password' }).click();
      await waitForToast(page, 'Your password has been changed. Other devices have been signed out.');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog').getByText('I understand this cannot be undone').waitFor();
      await pageSettled(page); // the modal's open transition
      await browser.screenshot('account-settings-delete-375-light');
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
