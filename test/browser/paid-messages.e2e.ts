// Issue 22's paid messages in Debian's Chromium: a creator sends a priced message carrying a store
// item from the thread's picker; the fan, in another browser, sees its text with a blurred, locked
// placeholder, unlocks it through the same checkout as purchases (the sandbox acquirer's hosted page)
// and comes back to the conversation with the media open, while the creator sees "1 bought". axe on
// the thread (a locked and an unlocked message) and on the mass messages page at 375 and 1366×768 in
// light and dark; screenshots at 375, 1366×768 and 1280 in both themes under var/tmp/screens-i22-paid/.
// The api serves frontend/dist at the same origin: run `npm run build:web` first.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { FixedClock, describeInBrowser, pageSettled, signInWithPassword, waitForPath } from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { call, startCommercePlatform } from '../api/commerce-fixtures.js';
import { axeViolations } from './axe.js';
import { continueToHostedPage, payOnHostedPage } from './hosted-payment-page.js';

// The platform's clock reads the real time, as the acquirer's and the browser's do.
const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
const SHOTS = 'var/tmp/screens-i22-paid';
const STORE_NAME = 'Commerce Shop';
const ITEM = 'Golden Hour Cut';
const VIEWPORTS = [
  ['375', { width: 375, height: 812 }],
  ['1366x768', { width: 1366, height: 768 }],
  ['1280', { width: 1280, height: 900 }],
] as const;

let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
let fan: Awaited<ReturnType<typeof shop.newFan>>;
let itemId: string;
let conversationId: string;
let creatorPage: Page;
let fanPage: Page;

async function signedIn(who: { email: string; password: string }): Promise<Page> {
  const page = await browsers.open(shop.platform.baseUrl);
  await signInWithPassword(page, who.email, who.password);
  await waitForPath(page, '/dashboard', STEP_TIMEOUT);
  return page;
}

const thread = (page: Page) => page.getByRole('log').first();
const threadUrl = () => `/dashboard/messages?c=${conversationId}`;

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
}

describeInBrowser('paid messages in the web app', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    itemId = await shop.approvedItem('video', 1200, ITEM);
    fan = await shop.newFan();
    // The fan writes first, so the creator has the conversation to answer in.
    const started = await call(shop.platform, 'POST', '/api/messages/conversations', fan.session.access_token, {
      storeSlug: shop.slug,
    });
    expect(started.status).toBeLessThan(300);
    conversationId = started.body.id;
    const hello = await call(
      shop.platform,
      'POST',
      `/api/messages/conversations/${conversationId}/messages`,
      fan.session.access_token,
      { clientId: randomUUID(), text: 'Hi! Any behind-the-scenes clips?' },
    );
    expect(hello.status).toBe(201);
    [creatorPage, fanPage] = await Promise.all([signedIn(shop.creator), signedIn(fan)]);
  }, 180_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000).catch(() => undefined);
    await shop?.platform.close();
  });

  it('a creator sends a priced message with a store item; the fan sees it locked and blurred, unlocks it through the sandbox checkout and sees the media', async () => {
    await creatorPage.goto(threadUrl());
    await thread(creatorPage).getByText('Any behind-the-scenes clips?').waitFor({ timeout: STEP_TIMEOUT });
    await creatorPage.getByRole('button', { name: 'Attach from your store' }).click();
    const picker = creatorPage.getByRole('dialog', { name: 'Attach from your store' });
    await picker.getByRole('checkbox', { name: new RegExp(ITEM) }).check({ timeout: STEP_TIMEOUT });
    await picker.getByRole('textbox', { name: /Message/ }).fill('The full cut, just for you');
    await picker.getByRole('switch', { name: /Charge to unlock/ }).click();
    await picker.getByRole('textbox', { name: /Price to unlock/ }).fill('4.99');
    await picker.getByRole('button', { name: /^Send item for / }).click();
    await picker.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    await thread(creatorPage).getByText('0 bought').waitFor({ timeout: STEP_TIMEOUT });

    // The fan: the text shows, the media are a blurred, locked placeholder with the price to unlock.
    await fanPage.goto(threadUrl());
    const fanThread = thread(fanPage);
    await fanThread.getByText('The full cut, just for you').waitFor({ timeout: STEP_TIMEOUT });
    await fanThread.getByRole('img', { name: 'Locked video' }).waitFor();
    expect(
      await fanThread
        .getByRole('img', { name: 'Locked video' })
        .evaluate((element) => getComputedStyle(element.firstElementChild!).filter),
    ).toMatch(/blur/);
    expect(await fanThread.getByRole('button', { name: /^Unlock for / }).count()).toBe(1);

    await fanThread.getByRole('button', { name: /^Unlock for / }).click();
    const checkout = fanPage.getByRole('dialog', { name: 'Unlock message' });
    await checkout.getByText(`Message: ${STORE_NAME}`).waitFor();
    await continueToHostedPage(fanPage);
    await payOnHostedPage(fanPage);
    await fanPage.getByText('Payment confirmed').waitFor({ timeout: STEP_TIMEOUT });
    // Unlocked: the signed media route answers (the test files are stand-ins, so the picture itself may not load).
    const media = fanPage.waitForResponse(
      (response) => response.url().includes(`/media/${itemId}`) && response.request().method() === 'GET',
      { timeout: STEP_TIMEOUT },
    );
    await fanPage.getByRole('link', { name: 'Back to the conversation' }).click();
    await fanPage.waitForURL(
      (url) => url.pathname === '/dashboard/messages' && url.searchParams.get('c') === conversationId,
      { timeout: STEP_TIMEOUT },
    );
    expect((await media).status()).toBe(200);
    expect(await thread(fanPage).getByRole('img', { name: 'Locked video' }).count()).toBe(0);
    await thread(fanPage)
      .getByText(/^Unlocked · /)
      .waitFor();

    // The creator sees the sale on the message.
    await creatorPage.reload();
    await thread(creatorPage).getByText('1 bought').waitFor({ timeout: STEP_TIMEOUT });
  }, 180_000);

  it('passes axe on the thread (a locked and an unlocked message) at 375 and 1366×768, light and dark', async () => {
    // A second priced message stays locked for the fan: both states are on the page.
    const second = await call(
      shop.platform,
      'POST',
      `/api/messages/conversations/${conversationId}/messages`,
      shop.creator.token,
      {
        clientId: randomUUID(),
        text: 'And the extended version',
        attachments: [itemId],
        priceMinor: 799,
      },
    );
    expect(second.status).toBe(201);
    for (const theme of ['light', 'dark'] as const) {
      for (const [page, ready] of [
        [fanPage, () => thread(fanPage).getByRole('img', { name: 'Locked video' }).waitFor({ timeout: STEP_TIMEOUT })],
        [creatorPage, () => thread(creatorPage).getByText('1 bought').waitFor({ timeout: STEP_TIMEOUT })],
      ] as const) {
        await useTheme(page, theme);
        for (const [label, size] of VIEWPORTS.slice(0, 2)) {
          await page.setViewportSize(size);
          await page.goto(threadUrl());
          await page.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
          await ready();
          expect({ theme, label, violations: await axeViolations(page) }).toEqual({ theme, label, violations: [] });
        }
      }
    }
  }, 240_000);

  it('screenshots the thread of each side and the unlock checkout at 375, 1366×768 and 1280, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      for (const [label, size] of VIEWPORTS) {
        for (const page of [fanPage, creatorPage]) {
          await useTheme(page, theme);
          await page.setViewportSize(size);
        }
        await fanPage.goto(threadUrl());
        await fanPage.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
        await thread(fanPage).getByRole('img', { name: 'Locked video' }).waitFor({ timeout: STEP_TIMEOUT });
        await pageSettled(fanPage);
        await fanPage.screenshot({ path: `${SHOTS}/thread-fan-${label}-${theme}.png` });
        await thread(fanPage)
          .getByRole('button', { name: /^Unlock for / })
          .click();
        await fanPage.getByRole('dialog', { name: 'Unlock message' }).waitFor();
        await pageSettled(fanPage);
        await fanPage.screenshot({ path: `${SHOTS}/unlock-checkout-${label}-${theme}.png` });
        await fanPage.keyboard.press('Escape');

        await creatorPage.goto(threadUrl());
        await creatorPage.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
        await thread(creatorPage).getByText('1 bought').waitFor({ timeout: STEP_TIMEOUT });
        await pageSettled(creatorPage);
        await creatorPage.screenshot({ path: `${SHOTS}/thread-creator-${label}-${theme}.png` });
      }
    }
  }, 300_000);

  it('the mass messages page: a mass message listed, axe at 375 and 1366×768 and screenshots with the composer, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const mass = await call(shop.platform, 'POST', '/api/messages/mass-messages', shop.creator.token, {
      clientId: randomUUID(),
      segment: 'subscribers_active',
      text: 'New set this Friday: subscribers first',
      attachments: [itemId],
      priceMinor: 600,
    });
    expect(mass.status).toBe(202);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(creatorPage, theme);
      for (const [label, size] of VIEWPORTS) {
        await creatorPage.setViewportSize(size);
        await creatorPage.goto('/dashboard/messages/mass');
        await creatorPage.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
        // Cards on a phone, a table on a desktop: the one shown.
        await creatorPage
          .getByText('New set this Friday', { exact: false })
          .filter({ visible: true })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT });
        if (label !== '1280')
          expect({ theme, label, violations: await axeViolations(creatorPage) }).toEqual({
            theme,
            label,
            violations: [],
          });
        await pageSettled(creatorPage);
        await creatorPage.screenshot({ path: `${SHOTS}/mass-${label}-${theme}.png`, fullPage: true });
        await creatorPage.getByRole('button', { name: 'New mass message' }).click();
        await creatorPage
          .getByRole('dialog', { name: 'New mass message' })
          .getByText(/^Reaches /)
          .waitFor({ timeout: STEP_TIMEOUT });
        await pageSettled(creatorPage);
        await creatorPage.screenshot({ path: `${SHOTS}/mass-composer-${label}-${theme}.png` });
        await creatorPage.keyboard.press('Escape');
      }
    }
  }, 300_000);
});
