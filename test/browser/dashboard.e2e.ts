// The live dashboard home in Debian's Chromium (issue 20): a creator's month and a fan's purchases,
// the sidebar on a 1366×768 laptop with the Creator Section in view, and axe on both pages, in
// light and dark, screenshotted at 375, 1366×768 and 1280 px. Run `npm run build` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  FixedClock,
  SCREENSHOT_DIR,
  describeInBrowser,
  pageSettled,
  signInWithPassword,
  waitForPath,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { call, newKey, startCommercePlatform } from '../api/commerce-fixtures.js';
import { axeViolations } from './axe.js';

const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
let fan: Awaited<ReturnType<typeof shop.newFan>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

/** Screenshots at a phone, a 1366×768 laptop and 1280 px, light and dark; axe must pass on every one. */
async function lookAt(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const [label, viewport] of [
      ['375', { width: 375, height: 812 }],
      ['1366x768', { width: 1366, height: 768 }],
      ['1280', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await ready(page);
      await pageSettled(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/dashboard-${name}-${label}-${theme}.png`,
        fullPage: label !== '1366x768',
      });
      expect({ name, theme, label, violations: await axeViolations(page) }).toEqual({
        name,
        theme,
        label,
        violations: [],
      });
    }
  }
}

describeInBrowser('the live dashboard in the browser', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    const albumId = await shop.approvedItem('album', 1800, 'Harbour Lights');
    fan = await shop.newFan();
    const album = await call(
      shop.platform,
      'POST',
      '/api/purchases',
      fan.session.access_token,
      { kind: 'content', contentId: albumId, method: 'card' },
      { 'idempotency-key': newKey() },
    );
    await shop.settle(album.body.id);
    await call(shop.platform, 'PUT', `/api/favorites/${shop.slug}`, fan.session.access_token);
    await shop.platform.drain();
  }, 120_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000);
    await shop?.platform.close();
  });

  it("shows a creator's month, keeps the Creator Section in view on a 1366×768 laptop, and passes axe", async () => {
    const page = await browsers.open(shop.platform.baseUrl);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInWithPassword(page, shop.creator.email, shop.creator.password);
    await waitForPath(page, '/dashboard');
    const earnings = page.getByRole('region', { name: 'Earnings this month' });
    await earnings.getByText('$13.50').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole('region', { name: 'Next payout' }).getByText('$13.50').waitFor();
    await page.getByRole('link', { name: 'Upload a video' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Sales', 'Payouts', 'My Videos', 'AI Creator Studio']) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect({ name, inView: box !== null && box.y >= 0 && box.y + box.height <= 768 }).toEqual({ name, inView: true });
    }
    expect(await page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-sidebar-1366x768.png` });

    await lookAt(page, 'creator', (p) =>
      p.getByRole('region', { name: 'Next payout' }).waitFor({ timeout: STEP_TIMEOUT }),
    );
  }, 240_000);

  it("shows a fan's purchases and favourites, one Become a creator entry in the sidebar, and passes axe", async () => {
    const page = await browsers.open(shop.platform.baseUrl);
    await signInWithPassword(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');
    await page
      .getByRole('region', { name: 'Recent purchases' })
      .getByText('Harbour Lights')
      .waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole('region', { name: 'Favourite stores' }).getByRole('link', { name: 'Commerce Shop' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Become a creator' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sales' }).count()).toBe(0);
    await lookAt(page, 'fan', (p) =>
      p.getByRole('region', { name: 'Recent purchases' }).waitFor({ timeout: STEP_TIMEOUT }),
    );
  }, 240_000);
});
