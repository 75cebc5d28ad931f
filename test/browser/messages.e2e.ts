// Issue 22's web app in Debian's Chromium: a fan opens a conversation from a store's Message button
// and a creator answers in another browser, each seeing the other's messages arrive without a reload
// over /realtime/v1, with "typing…", the sidebar's unread badge and the read receipt. axe on the
// messages page at 375 and 1366×768 in light and dark; screenshots at 375, 1366×768 and 1280 in both
// themes under var/tmp/screens-i22/. The api serves frontend/dist: run `npm run build:web` first.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  pageSettled,
  signInWithPassword,
  signedInUser,
  verifiedCreator,
  waitForPath,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { startMessagingPlatform, type MessagingFixtures } from '../api/messaging-fixtures.js';
import { axeViolations } from './axe.js';

const STEP_TIMEOUT = 20_000;
const SHOTS = 'var/tmp/screens-i22';
const STORE_NAME = 'Velvet Hour';

let fixtures: MessagingFixtures;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
let creator: { email: string; password: string };
let fan: { email: string; password: string };
let slug: string;
let creatorPage: Page;
let fanPage: Page;

const signIn = async (page: Page, account: { email: string; password: string }) => {
  await signInWithPassword(page, account.email, account.password);
  await waitForPath(page, '/dashboard', STEP_TIMEOUT);
};

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

const thread = (page: Page, name: string) => page.getByRole('log', { name: `Messages with ${name}` });

describeInBrowser('messages in the web app', () => {
  beforeAll(async () => {
    fixtures = await startMessagingPlatform();
    const account = await verifiedCreator(fixtures.platform, { moderator: fixtures.moderator });
    slug = `velvet-${Date.now().toString(36)}`;
    expect((await fixtures.call('POST', '/api/stores', account.token, { slug, displayName: STORE_NAME })).status).toBe(
      201,
    );
    creator = account;
    fan = await signedInUser(fixtures.platform);
    creatorPage = await browsers.open(fixtures.platform.baseUrl);
    fanPage = await browsers.open(fixtures.platform.baseUrl);
    await Promise.all([signIn(creatorPage, creator), signIn(fanPage, fan)]);
  }, 180_000);

  afterAll(async () => {
    await browsers.closeAll();
    await fixtures?.platform.close();
  });

  it('lets a fan and a creator write to each other live: messages, typing, the unread badge and the read receipt', async () => {
    await creatorPage.goto('/dashboard/messages');
    await creatorPage.getByText('No conversations yet').waitFor({ timeout: STEP_TIMEOUT });

    // The fan starts from the store page.
    await fanPage.goto(`/stores/${slug}`);
    await fanPage.getByRole('button', { name: 'Message', exact: true }).click();
    await fanPage.waitForURL((url) => url.pathname === '/dashboard/messages' && url.searchParams.has('c'), {
      timeout: STEP_TIMEOUT,
    });
    await thread(fanPage, STORE_NAME).waitFor({ timeout: STEP_TIMEOUT });
    await send(fanPage, 'Hi! Loved the golden hour set.');
    await thread(fanPage, STORE_NAME).getByText('Loved the golden hour set', { exact: false }).waitFor();

    // The creator's badge and list update without a reload.
    await creatorPage.getByLabel('1 unread message').waitFor({ timeout: STEP_TIMEOUT });
    const row = creatorPage.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first();
    await row.getByText('Loved the golden hour set', { exact: false }).waitFor({ timeout: STEP_TIMEOUT });
    await row.click();
    const creatorThread = creatorPage.getByRole('log').first();
    await creatorThread.getByText('Hi! Loved the golden hour set.').waitFor({ timeout: STEP_TIMEOUT });
    // Reading it clears the badge and tells the fan.
    await creatorPage.getByLabel('1 unread message').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    await thread(fanPage, STORE_NAME).getByText('· Seen', { exact: false }).waitFor({ timeout: STEP_TIMEOUT });

    // Typing shows on the other side, then the reply arrives live.
    await creatorPage.getByRole('textbox', { name: 'Message' }).pressSequentially('Thank you', { delay: 20 });
    await fanPage.getByText('typing…').waitFor({ timeout: STEP_TIMEOUT });
    await creatorPage.getByRole('textbox', { name: 'Message' }).press('Enter');
    await thread(fanPage, STORE_NAME).getByText('Thank you').waitFor({ timeout: STEP_TIMEOUT });
    await creatorThread.getByText('Thank you').waitFor();
    expect(await creatorThread.getByText('Sending…').count()).toBe(0);
  }, 120_000);

  it('passes axe on the messages page at 375 and 1366×768, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await creatorPage.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await creatorPage.reload();
      await creatorPage.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
      await creatorPage.getByRole('log').first().getByText('Thank you').waitFor({ timeout: STEP_TIMEOUT });
      for (const [label, size] of [
        ['375', { width: 375, height: 812 }],
        ['1366x768', { width: 1366, height: 768 }],
      ] as const) {
        await creatorPage.setViewportSize(size);
        expect({ theme, label, violations: await axeViolations(creatorPage) }).toEqual({
          theme,
          label,
          violations: [],
        });
      }
    }
  }, 120_000);

  it('screenshots the list and the thread at phone and desktop sizes, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const url = new URL(fanPage.url());
    for (const theme of ['light', 'dark'] as const) {
      for (const [who, page] of [
        ['creator', creatorPage],
        ['fan', fanPage],
      ] as const) {
        await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
        for (const [label, size] of [
          ['375', { width: 375, height: 812 }],
          ['1366x768', { width: 1366, height: 768 }],
          ['1280', { width: 1280, height: 900 }],
        ] as const) {
          await page.setViewportSize(size);
          await page.goto(who === 'fan' ? `${url.pathname}${url.search}` : '/dashboard/messages');
          await page.locator(`html[data-mantine-color-scheme="${theme}"]`).waitFor();
          await page
            .getByRole('navigation', { name: 'Conversations' })
            .or(page.getByRole('log'))
            .first()
            .waitFor({ timeout: STEP_TIMEOUT });
          await pageSettled(page);
          await page.screenshot({ path: `${SHOTS}/messages-${who}-${label}-${theme}.png` });
        }
      }
    }
  }, 120_000);
});
