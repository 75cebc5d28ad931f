// Issue 20 in Debian's Chromium: a stranger opens an adult store's shared link (?ref=), passes the
// age check, sees the blurred catalogue, chooses an album, signs up, confirms the email from the
// real SMTP inbox, signs in, lands back on the store with that album's checkout open, pays on the
// acquirer's hosted page, the referrer earns the 5%, and the creator's dashboard and sales show the
// sale. A confirmation link opened in another browser (empty storage) still leads back to the item
// with its ref. The store page as a stranger, a fan and a subscriber at 375, 1366×768 and 1280 in
// both themes: axe on each, and a screenshot of each under var/tmp/screens-i20/.
// One Chromium for the suite, a context per browser; the stranger signs in through the form, the
// creator, the fan and the subscriber start with their session stored. Each store page is loaded
// once and shown in both themes and every size in place.
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  FixedClock,
  describeInBrowser,
  pageSettled,
  eventually,
  signInWithPassword,
  uniqueEmail,
  waitForPath,
} from '#app/testing';
import { call, newKey, startCommercePlatform } from '../api/commerce-fixtures.js';
import { axeViolations } from './axe.js';
import { checkOutAndPay } from './hosted-payment-page.js';
import { sharedBrowser, showColorScheme, type StoredSession } from './shared-browser.js';

const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
const PASSWORD = 'Storefront-2027!';
const SHOTS = 'var/tmp/screens-i20';
const ALBUM = 'Golden hour set';
const SECOND_ALBUM = 'Blue room';

let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
const browser = (session?: StoredSession) => browsers.open(shop.platform.baseUrl, { session });
let albumId: string;
let secondAlbumId: string;
let referralCode: string;
let referrerToken: string;

/** A photo with something in it, so the blurred cards and the banner look like a real store. */
const picture = (width: number, height: number, hue: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40 + hue, g: 60, b: 140 - hue / 2 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#f5c6a5"/><rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="#2b2d42"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

async function uploadImage(kind: 'banner' | 'avatar', bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${kind}.jpg`);
  const response = await fetch(`${shop.platform.baseUrl}/api/stores/mine/${kind}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${shop.creator.token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

describeInBrowser('the live store page a shared link converts', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    expect(
      (
        await call(shop.platform, 'PATCH', '/api/stores/mine', shop.creator.token, {
          appearance: {
            displayName: 'Velvet Hour',
            tagline: 'Slow mornings, golden light',
            description: 'Photo sets and short films, new every Friday.',
          },
          nsfw: { isNsfw: true, categories: ['adult-solo', 'cosplay'] },
          access: { showSubscriberCount: true },
        })
      ).status,
    ).toBe(200);
    await uploadImage('banner', await picture(1600, 400, 60));
    await uploadImage('avatar', await picture(400, 400, 120));
    await shop.approvedItem('video', 1200, 'Morning flow');
    albumId = await shop.approvedItem('album', 2000, ALBUM);
    secondAlbumId = await shop.approvedItem('album', 900, SECOND_ALBUM);
    // Every fixture item shares one thumbnail key: a real picture behind it.
    mkdirSync(join(shop.storageDir, 'media'), { recursive: true });
    writeFileSync(
      join(shop.storageDir, 'media', 'thumb.jpg'),
      await sharp(await picture(480, 300, 90))
        .webp()
        .toBuffer(),
    );
    const referrer = await shop.newFan();
    referrerToken = referrer.session.access_token;
    const link = await call(shop.platform, 'POST', '/api/referral-links', referrerToken, { contentId: albumId });
    expect(link.status).toBe(201);
    referralCode = link.body.code;
  }, 180_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.close();
  });

  it('takes a stranger from the shared link through the age check, sign-up and email confirmation back to the album, pays the referrer 5%, and the creator sees the sale', async () => {
    const page: Page = await browser();
    await page.goto(`/stores/${shop.slug}?ref=${referralCode}`);
    await page.getByRole('button', { name: 'I am 18 or older' }).click();
    await page.getByRole('heading', { level: 1, name: 'Velvet Hour' }).waitFor({ timeout: STEP_TIMEOUT });
    const card = page.getByRole('article', { name: ALBUM });
    await card.getByLabel('Locked').waitFor();
    // An adult store's blurred preview comes through a link signed for a browser that passed the age check.
    expect(await card.locator('img').getAttribute('src')).toMatch(
      /^\/api\/media\/[0-9a-f-]+\/blurred\?token=[\w-]+\.[\w-]+$/,
    );

    await card.getByRole('button', { name: `Buy ${ALBUM}` }).click();
    await waitForPath(page, '/sign-up');
    const email = uniqueEmail('storefront-stranger');
    await page.getByLabel(/^Email( \*)?$/).fill(email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password( \*)?$/).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/check-email');

    const mail = await shop.platform.inbox.waitFor(email, /Confirm your Fanmint email/);
    const confirm = mail.links.find((href) => href.startsWith(`${shop.platform.baseUrl}/verify-email?token=`));
    await page.goto(confirm!);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await waitForPath(page, '/sign-in');
    await signInWithPassword(page, email, PASSWORD);

    // Back on the store, the ref kept, the album's checkout open: no second age check.
    await page.waitForURL(
      (url) =>
        url.pathname === `/stores/${shop.slug}` &&
        url.searchParams.get('ref') === referralCode &&
        !url.searchParams.has('buy'),
      { timeout: STEP_TIMEOUT },
    );
    await page.getByRole('dialog').getByText(ALBUM).first().waitFor({ timeout: STEP_TIMEOUT });
    await checkOutAndPay(page);

    const earned = await eventually(
      async () =>
        (await call(shop.platform, 'GET', '/api/referral-links', referrerToken)).body.items[0] as {
          purchases: number;
          earnedMinor: number;
        },
      (link) => link.purchases === 1,
      STEP_TIMEOUT,
    );
    expect(earned.earnedMinor).toBe(100); // 5% of 20.00
    const [buyer] = await shop
      .db()
      .execute<{ confirmed_at: Date }[]>(
        `select a.confirmed_at from age_confirmations a join users u on u.id = a.user_id where u.email = ?`,
        [email],
      );
    expect(buyer).toBeDefined();

    // The creator, in their own browser, sees the sale: this month's gross and their 75% share.
    const creator = await browser(shop.creator.session);
    await creator.goto('/dashboard');
    const earnings = creator.getByRole('region', { name: 'Earnings this month' });
    await earnings.getByText('$15.00', { exact: true }).waitFor({ timeout: STEP_TIMEOUT });
    await earnings.getByText('Your share of $20.00 in sales').waitFor();
    // And in the sales report (the Sales page's table draws it: SalesPage.test.tsx).
    const sales = (await call(shop.platform, 'GET', '/api/sales', shop.creator.token)).body.items as Array<{
      title: string;
      grossMinor: number;
      status: string;
    }>;
    expect(sales.filter((sale) => sale.title === ALBUM)).toEqual([
      expect.objectContaining({ grossMinor: 2000, status: 'paid' }),
    ]);
  }, 180_000);

  it('confirms the email in another browser with empty storage and still lands on the store with the item and the ref', async () => {
    const page = await browser();
    await page.goto(`/stores/${shop.slug}?ref=${referralCode}`);
    await page.getByRole('button', { name: 'I am 18 or older' }).click();
    await page
      .getByRole('article', { name: SECOND_ALBUM })
      .getByRole('button', { name: `Buy ${SECOND_ALBUM}` })
      .click();
    await waitForPath(page, '/sign-up');
    const email = uniqueEmail('storefront-phone');
    await page.getByLabel(/^Email( \*)?$/).fill(email);
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password( \*)?$/).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/check-email');

    // The link carries the way back itself: the phone that opens it never saw the store.
    const mail = await shop.platform.inbox.waitFor(email, /Confirm your Fanmint email/);
    const confirm = new URL(
      mail.links.find((href) => href.startsWith(`${shop.platform.baseUrl}/verify-email?token=`))!,
    );
    expect(confirm.searchParams.get('next')).toBe(`/stores/${shop.slug}?ref=${referralCode}&buy=${secondAlbumId}`);
    const phone = await browser(); // a fresh profile: no storage from the first browser
    await phone.goto(confirm.toString());
    await phone.getByRole('heading', { name: 'Email Verified' }).waitFor({ timeout: STEP_TIMEOUT });
    await waitForPath(phone, '/sign-in');
    await signInWithPassword(phone, email, PASSWORD);
    await phone.waitForURL((url) => url.pathname === `/stores/${shop.slug}`, { timeout: STEP_TIMEOUT });
    // A new device asks the age check once more (the stranger's answer stayed in the first browser).
    const ageCheck = phone.getByRole('button', { name: 'I am 18 or older' });
    const checkout = phone.getByRole('dialog').getByText(SECOND_ALBUM).first();
    await Promise.race([ageCheck.waitFor({ timeout: STEP_TIMEOUT }), checkout.waitFor({ timeout: STEP_TIMEOUT })]);
    if (await ageCheck.isVisible()) await ageCheck.click();
    await checkout.waitFor({ timeout: STEP_TIMEOUT });
    const landed = new URL(phone.url());
    expect([landed.searchParams.get('ref'), landed.searchParams.has('buy')]).toEqual([referralCode, false]);
    expect(await axeViolations(phone, '[role="dialog"]')).toEqual([]);
  }, 120_000);

  it('passes axe on the store page as a stranger, a fan and a subscriber, light and dark, at 375, 1366×768 and 1280, and screenshots each', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const fan = await shop.newFan();
    const subscriber = await shop.newFan();
    const subscription = await call(
      shop.platform,
      'POST',
      '/api/purchases',
      subscriber.session.access_token,
      { kind: 'subscription', storeSlug: shop.slug, method: 'card' },
      { 'idempotency-key': newKey() },
    );
    await shop.settle(subscription.body.id);
    const views: [string, { session: StoredSession } | null][] = [
      ['stranger', null],
      ['fan', fan],
      ['subscriber', subscriber],
    ];
    for (const [who, account] of views) {
      const page = await browser(account?.session);
      await page.goto(`/stores/${shop.slug}`);
      const ageCheck = page.getByRole('button', { name: 'I am 18 or older' });
      await Promise.race([
        ageCheck.waitFor({ timeout: STEP_TIMEOUT }),
        page.getByRole('heading', { level: 1, name: 'Velvet Hour' }).waitFor({ timeout: STEP_TIMEOUT }),
      ]);
      if (await ageCheck.isVisible()) await ageCheck.click();
      await page.getByRole('article', { name: ALBUM }).waitFor({ timeout: STEP_TIMEOUT });
      if (who === 'subscriber') await page.getByText(/^Subscribed · (renews|ends) /).waitFor({ timeout: STEP_TIMEOUT });
      await page.getByRole('article', { name: ALBUM }).locator('img').first().waitFor({ timeout: STEP_TIMEOUT });
      for (const theme of ['light', 'dark'] as const) {
        await showColorScheme(page, theme);
        for (const [label, size] of [
          ['375', { width: 375, height: 812 }],
          ['1366x768', { width: 1366, height: 768 }],
          ['1280', { width: 1280, height: 900 }],
        ] as const) {
          await page.setViewportSize(size);
          await pageSettled(page);
          await page.screenshot({
            path: `${SHOTS}/store-${who}-${label}-${theme}.png`,
            fullPage: label !== '1366x768',
          });
          expect({ who, theme, label, violations: await axeViolations(page) }).toEqual({
            who,
            theme,
            label,
            violations: [],
          });
        }
      }
    }
  }, 240_000);
});
