import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createConfirmedUser, describeInBrowser, openBrowser, signInWithPassword, startTestPlatform, waitForPath, waitForToast, type TestPlatform } from '#app/testing';

/** General Settings in a real browser: the page at phone and desktop sizes in both themes, a saved name, the delete dialog. */
let platform: TestPlatform;

describeInBrowser('General Settings in a real browser', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('renders at 375, 1366x768 and 1280 in dark and light, saves a display name and opens the delete dialog', async () => {
    const account = await createConfirmedUser(platform);
    const browser = await openBrowser(platform.baseUrl, { cookieConsentStored: true });
    try {
      const { page } = browser;
      await page.goto('/sign-in');
      await signInWithPassword(page, account.email, account.password);
      await waitForPath(page, '/dashboard');
      await page.goto('/dashboard/settings');
      await page.getByLabel('Display name').fill('Alex Fan');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Display name saved');

      for (const scheme of ['dark', 'light'] as const) {
        await page.evaluate((value) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('theme', value), scheme);
        for (const [width, height] of [[375, 812], [1366, 768], [1280, 900]]) {
          await page.setViewportSize({ width, height });
          await page.goto('/dashboard/settings');
          await page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor();
          await page.getByText(account.email).first().waitFor();
          expect(await page.getByLabel('Display name').inputValue()).toBe('Alex Fan');
          await browser.screenshot(`account-settings-${width}-${scheme}`);
        }
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog').getByText('I understand this cannot be undone').waitFor();
      await page.waitForTimeout(500); // the modal's open transition
      await browser.screenshot('account-settings-delete-375-light');
    } finally {
      await browser.close();
    }
  });
});
