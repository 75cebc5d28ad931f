// Purchases and payouts through the real SPA in Debian's Chromium (issue 7): a fan buys an album
// and sends a tip, paying on the sandbox acquirer's hosted page (issue 19) and coming back to our
// return page, which shows the payment confirmed and leads back to the store with the album unlocked; the
// creator sees the sale in Pending Balance with its release date and why it is held; the clock
// moves to the month's last calendar day, the scheduled month-end job pays it out; the creator's
// Billing & Payments page shows the payout and the CSV export lists the sale and the payout.
// The api serves frontend/dist at the same origin, so run `npm run build:web` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { HOLD_REASONS, MonthEndJobHandler } from '#app/payouts';
import { FixedClock, describeInBrowser, signInWithPassword, waitForPath } from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { call, startCommercePlatform } from '../api/commerce-fixtures.js';
import { checkOutAndPay } from './hosted-payment-page.js';

// This suite's periods are in 2035 (suites share one database; each uses its own years).
const clock = new FixedClock(new Date('2035-05-02T10:00:00Z'));
const STEP_TIMEOUT = 60_000;
let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
const browser = () => browsers.open(shop.platform.baseUrl);

describeInBrowser('purchases and payouts in the browser', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    await shop.approvedItem('album', 1200, 'Golden Hour Album');
  }, 120_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000);
    await shop?.platform.close();
  });

  it('a fan buys an album and tips; the creator sees it pending with its release date, and the month-end run pays it', async () => {
    const fan = await shop.newFan();
    const fanPage = await browser();
    await signInWithPassword(fanPage, fan.email, fan.password);
    await waitForPath(fanPage, '/dashboard');
    await fanPage.goto(`${shop.platform.baseUrl}/stores/${shop.slug}`);
    await fanPage.getByRole('button', { name: 'Buy Golden Hour Album' }).click();
    await checkOutAndPay(fanPage);
    // Back on the store the album is the fan's: Open instead of Buy.
    await fanPage.getByRole('link', { name: 'Go to store' }).click();
    await waitForPath(fanPage, `/stores/${shop.slug}`);
    await fanPage.getByRole('button', { name: 'Open Golden Hour Album' }).waitFor({ timeout: STEP_TIMEOUT });

    await fanPage
      .getByRole('button', { name: /Send a tip/ })
      .first()
      .click();
    await fanPage.getByLabel('Tip amount').fill('5');
    await checkOutAndPay(fanPage);
    await shop.platform.drain();

    // The fan's history lists both.
    await fanPage.goto(`${shop.platform.baseUrl}/dashboard/purchases`);
    await fanPage.getByText('Golden Hour Album').first().waitFor({ timeout: STEP_TIMEOUT });

    // The creator: 12.00 × 75% + 5.00 × 75% = 12.75 pending, held 21 days (new creator) until 23 May.
    const creatorPage = await browser();
    await signInWithPassword(creatorPage, shop.creator.email, shop.creator.password);
    await waitForPath(creatorPage, '/dashboard');
    await creatorPage.goto(`${shop.platform.baseUrl}/dashboard/billingandpayments`);
    const pending = creatorPage
      .locator('section, div')
      .filter({ hasText: /^Pending Balance/ })
      .first();
    await pending.getByText('$12.75').waitFor({ timeout: STEP_TIMEOUT });
    await creatorPage
      .getByText(HOLD_REASONS.newPayee)
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: STEP_TIMEOUT });
    await creatorPage.locator('td', { hasText: 'May 23, 2035' }).first().waitFor({ timeout: STEP_TIMEOUT });
    await creatorPage.screenshot({ path: '/tmp/browser-shots/billing-pending.png', fullPage: true });

    // The payout method through the form. A sign-in older than 10 minutes is asked for the password
    // first (issue 17): the dialog re-authenticates the same session and the save goes through.
    const wallet = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    await shop
      .db()
      .execute(`update sessions set authenticated_at = ? where user_id = ?`, [
        new Date(clock.now().getTime() - 11 * 60_000),
        shop.creator.userId,
      ]);
    const payoutCard = creatorPage.getByRole('region', { name: 'Payout method' });
    await payoutCard.locator('label', { hasText: 'Crypto' }).click();
    await payoutCard.getByRole('textbox', { name: /Wallet address/ }).fill(wallet);
    await payoutCard.getByRole('button', { name: 'Save payout method' }).click();
    const confirm = creatorPage.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.getByLabel('Password', { exact: true }).fill(shop.creator.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await payoutCard.getByText(wallet).waitFor({ timeout: STEP_TIMEOUT });
    expect((await call(shop.platform, 'GET', '/api/payouts/method', shop.creator.token)).body).toMatchObject({
      kind: 'crypto',
      address: wallet,
    });
    await shop.platform.inbox.waitFor(shop.creator.email, /payout method was changed/);

    // The last calendar day of May, 23:00 UTC: the scheduled job closes the month and pays.
    clock.set(new Date('2035-05-31T23:00:00Z'));
    const summaries = await shop.platform.worker!.get(MonthEndJobHandler).handle();
    expect(summaries.find((summary) => summary.period === '2035-05')).toMatchObject({ finished: true });
    await shop.platform.drain();
    const [payout] = await shop
      .db()
      .execute<{ amount_minor: string; status: string }[]>(
        `select amount_minor, status from payouts where payee_id = ? and period = '2035-05'`,
        [shop.creator.userId],
      );
    expect({ amount: Number(payout.amount_minor), status: payout.status }).toEqual({ amount: 1275, status: 'paid' });

    // Tokens follow the platform clock: sign in again at the new time.
    const later = await browser();
    await signInWithPassword(later, shop.creator.email, shop.creator.password);
    await waitForPath(later, '/dashboard');
    await later.goto(`${shop.platform.baseUrl}/dashboard/billingandpayments`);
    const current = later
      .locator('section, div')
      .filter({ hasText: /^Current Balance/ })
      .first();
    await current.getByText('$0.00').waitFor({ timeout: STEP_TIMEOUT });
    await later.locator('td', { hasText: 'May 2035' }).first().waitFor({ timeout: STEP_TIMEOUT });
    await later.screenshot({ path: '/tmp/browser-shots/billing-paid.png', fullPage: true });

    const download = later.waitForEvent('download');
    await later.getByRole('button', { name: 'Export CSV' }).first().click();
    const file = await (await download).path();
    const records = parse(readFileSync(file!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'sale',
          amount: '9.00',
          release_on: '2035-05-23',
          hold_reason: HOLD_REASONS.newPayee,
        }),
        expect.objectContaining({ kind: 'sale', amount: '3.75' }),
        expect.objectContaining({ kind: 'payout', amount: '-12.75' }),
      ]),
    );
  }, 240_000);
});
