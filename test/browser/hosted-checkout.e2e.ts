// Issue 19 in Debian's Chromium: the fan pays on the sandbox acquirer's hosted page (its own origin)
// and comes back to /checkout/return. A 3-D Secure card, a decline then a retry in the same
// session, a card saved by a subscription and reused in one step (and removed on Billing &
// Payments), and a checkout the fan cancels. The last test takes screenshots of every payment page
// at phone and desktop sizes in both themes, under var/tmp/screens-i19/ for a human.
// What needs no browser lives in test/api/hosted-checkout-flow.e2e.ts (a renewal charged to the
// saved card without the fan, a charge-back whose dispute stage the creator's sales follow) and in
// the page tests (the receipts list, the sales table's dispute labels).
// One Chromium for the suite, a context per visitor; the first test signs in through the form, the
// others start with the account's session stored. The api serves frontend/dist at the same origin,
// so run `npm run build:web` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { FixedClock, describeInBrowser, eventually, pageSettled, signInWithPassword, waitForPath } from '#app/testing';
import { CARD, DECLINED, THREE_D_SECURE, call, newKey, startCommercePlatform } from '../api/commerce-fixtures.js';
import { continueToHostedPage, passThreeDSecure, payOnHostedPage, submitCard } from './hosted-payment-page.js';
import { sharedBrowser, showColorScheme, type StoredSession } from './shared-browser.js';

// The platform's clock reads the real time, as the acquirer's and the browser's do: a payment is
// dated by the acquirer's event (its clock), subscriptions and sales are read by ours and the page's.
const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
/** Approved, then disputed by the fan's bank shortly after (the test platform's acquirer waits 200 ms). */
const CHARGED_BACK = { ...CARD, number: '4000 0000 0000 0259' };
const SHOTS = 'var/tmp/screens-i19';

let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });

/** A page signed in as this account from the start (its session stored as a sign-in leaves it). */
const signedIn = (who: { session: StoredSession }): Promise<Page> =>
  browsers.open(shop.platform.baseUrl, { session: who.session });

/** Signed in through the sign-in form, as a fan does it. */
async function signedInThroughTheForm(who: { email: string; password: string }): Promise<Page> {
  const page = await browsers.open(shop.platform.baseUrl);
  await signInWithPassword(page, who.email, who.password);
  await waitForPath(page, '/dashboard');
  return page;
}

async function fanAtStore({ throughTheForm = false } = {}) {
  const fan = await shop.newFan();
  const page = throughTheForm ? await signedInThroughTheForm(fan) : await signedIn(fan);
  await page.goto(`/stores/${shop.slug}`);
  return { fan, page, token: fan.session.access_token };
}

/** A new item on sale, and a new fan who chose to buy it, on the acquirer's page. */
async function fanBuying(kind: 'video' | 'album', priceMinor: number, title: string, { throughTheForm = false } = {}) {
  await shop.approvedItem(kind, priceMinor, title);
  const { page, token } = await fanAtStore({ throughTheForm });
  await page.getByRole('button', { name: `Buy ${title}` }).click();
  await continueToHostedPage(page);
  return { page, token };
}

/** Back from the return page to the store, where a bought item offers Open instead of Buy. */
async function backToStoreWithItemUnlocked(page: Page, title: string) {
  await page.getByRole('link', { name: 'Go to store' }).click();
  await waitForPath(page, `/stores/${shop.slug}`);
  await page.getByRole('button', { name: `Open ${title}` }).waitFor({ timeout: STEP_TIMEOUT });
}

const history = async (token: string) =>
  (await call(shop.platform, 'GET', '/api/purchases', token)).body.items as Array<{
    id: string;
    status: string;
    kind: string;
  }>;

/** A purchase made over the API (the parts of a test that are not about the browser). */
async function purchase(token: string, body: Record<string, unknown>): Promise<string> {
  const created = await call(
    shop.platform,
    'POST',
    '/api/purchases',
    token,
    { method: 'card', ...body },
    { 'idempotency-key': newKey() },
  );
  if (created.status !== 201) throw new Error(`purchase: ${created.status} ${created.text}`);
  return created.body.id as string;
}

describeInBrowser('hosted checkout in the browser', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
  }, 120_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000).catch(() => undefined);
    await shop?.platform.close();
  });

  it('a 3-D Secure card (signed in through the form): the bank’s challenge page, then paid, and the item unlocked on the store', async () => {
    const { page } = await fanBuying('album', 1500, 'Night Drive Album', { throughTheForm: true });
    await submitCard(page, THREE_D_SECURE);
    await page.getByRole('heading', { name: "Your bank wants to confirm it's you" }).waitFor();
    await passThreeDSecure(page);
    await waitForPath(page, '/checkout/return', STEP_TIMEOUT);
    await page.getByText('Payment confirmed').waitFor({ timeout: STEP_TIMEOUT });
    await backToStoreWithItemUnlocked(page, 'Night Drive Album');
  }, 120_000);

  it('a declined card, then another card in the same session: paid, and only the paid purchase is listed', async () => {
    const { page, token } = await fanBuying('video', 800, 'Second Try Video');
    await submitCard(page, DECLINED);
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ timeout: STEP_TIMEOUT });
    await payOnHostedPage(page, CARD);
    await page.getByText('Payment confirmed').waitFor({ timeout: STEP_TIMEOUT });
    await backToStoreWithItemUnlocked(page, 'Second Try Video');

    // The history (what the Purchases page and the receipts list show) holds the one paid purchase.
    expect(await history(token)).toEqual([expect.objectContaining({ status: 'paid', kind: 'content' })]);
  }, 120_000);

  it('a card saved by a subscription pays the next payment in one step, and Billing & Payments removes it', async () => {
    const { page, token } = await fanAtStore();
    await page.getByRole('button', { name: /^Subscribe · / }).click();
    await continueToHostedPage(page);
    await page.getByText('Your card will be saved with Fanmint').waitFor();
    await payOnHostedPage(page, CARD);
    await page.getByText('Payment confirmed').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole('link', { name: 'Go to store' }).click();
    await page.getByText(/^Subscribed · (renews|ends)/).waitFor({ timeout: STEP_TIMEOUT });

    // A subscriber owns the store's items; a tip is the next payment, and the page offers the saved card.
    await page
      .getByRole('button', { name: /Send a tip/ })
      .first()
      .click();
    await page.getByLabel('Tip amount').fill('4');
    await continueToHostedPage(page);
    await page.getByRole('button', { name: 'Pay $4.00 with Visa ending in 4242' }).click();
    await waitForPath(page, '/checkout/return', STEP_TIMEOUT);
    await page.getByText('Payment confirmed').waitFor({ timeout: STEP_TIMEOUT });
    expect((await history(token)).map((item) => item.kind).sort()).toEqual(['subscription', 'tip']);

    await page.goto('/dashboard/billing');
    const cards = page.getByRole('region', { name: 'Saved cards' });
    await cards.getByRole('listitem', { name: 'Visa •••• 4242' }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await cards.getByRole('listitem').count()).toBe(1);
    await cards.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
    await page.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
    await cards.getByText('No saved cards.').waitFor({ timeout: STEP_TIMEOUT });
    expect((await call(shop.platform, 'GET', '/api/billing/payment-methods', token)).body).toEqual({ items: [] });
  }, 120_000);

  it('a cancelled checkout: the return page says nothing was charged, and the item is still for sale', async () => {
    const { page, token } = await fanBuying('video', 700, 'Left Behind Video');
    await page.getByRole('link', { name: 'Cancel and return to Fanmint' }).click();
    await waitForPath(page, '/checkout/return', STEP_TIMEOUT);
    expect(new URL(page.url()).searchParams.get('cancelled')).toBe('1');
    await page.getByText('Payment cancelled').waitFor({ timeout: STEP_TIMEOUT });
    await page.getByText('Nothing was charged.').waitFor();
    expect(await history(token)).toEqual([]);
    await page.getByRole('link', { name: 'Back to store' }).click();
    await page.getByRole('button', { name: 'Buy Left Behind Video' }).waitFor({ timeout: STEP_TIMEOUT });
  }, 120_000);

  it('screenshots of the payment pages at 375×812, 1366×768 and 1280×800, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const [openItem, paidItem, disputedItem] = [
      await shop.approvedItem('album', 2500, 'Behind the Scenes Album'),
      await shop.approvedItem('album', 1800, 'Morning Light Album'),
      await shop.approvedItem('video', 900, 'Rain Tape Video'),
    ];
    const fan = await shop.newFan();
    const token = fan.session.access_token;
    // A paid album, a charged-back video, a failed tip, an open checkout, and last a subscription (it
    // saves the card, and a subscriber owns every item, so it comes after the items were bought).
    const paid = await purchase(token, { kind: 'content', contentId: paidItem });
    await shop.settle(paid);
    await shop.settle(await purchase(token, { kind: 'content', contentId: disputedItem }), CHARGED_BACK);
    const failed = await purchase(token, {
      kind: 'tip',
      storeSlug: shop.slug,
      amountMinor: 500,
      message: 'For the next album',
    });
    await shop.pay(failed, DECLINED);
    await shop.acquirer.request(
      'POST',
      `/v1/test/checkout_sessions/${(await shop.purchaseRow(failed)).checkout_id}/expire`,
    );
    await eventually(
      () => shop.purchaseStatus(failed),
      (status) => status === 'failed' || status === 'expired',
      STEP_TIMEOUT,
    );
    const open = await purchase(token, { kind: 'content', contentId: openItem });
    const hostedPage = (await shop.purchaseRow(open)).checkout_url!;
    const challenge = await purchase(token, { kind: 'tip', storeSlug: shop.slug, amountMinor: 700 });
    await shop.settle(await purchase(token, { kind: 'subscription', storeSlug: shop.slug }));
    await shop.platform.drain();

    const fanPage = await signedIn(fan);
    const visitorPage = await signedIn(await shop.newFan());
    const creatorPage = await signedIn(shop.creator);
    // The 3-D Secure page of a session kept open for it (another open checkout of the same fan).
    await fanPage.goto((await shop.purchaseRow(challenge)).checkout_url!);
    await submitCard(fanPage, THREE_D_SECURE);
    await fanPage.getByLabel('One-time code').waitFor();
    const challengePage = fanPage.url();

    const pages: Array<{ name: string; page: Page; url: string; ready: (page: Page) => Promise<unknown> }> = [
      {
        name: 'checkout-modal',
        page: visitorPage,
        url: `/stores/${shop.slug}`,
        ready: (p) => openCheckoutModal(p, 'Behind the Scenes Album'),
      },
      {
        name: 'hosted-page',
        page: fanPage,
        url: hostedPage,
        ready: (p) => p.getByRole('button', { name: /^Pay / }).first().waitFor(),
      },
      { name: '3ds', page: fanPage, url: challengePage, ready: (p) => p.getByLabel('One-time code').waitFor() },
      {
        name: 'return-paid',
        page: fanPage,
        url: `/checkout/return?purchase=${paid}`,
        ready: (p) => p.getByText('Payment confirmed').waitFor(),
      },
      {
        name: 'return-failed',
        page: fanPage,
        url: `/checkout/return?purchase=${failed}`,
        ready: (p) => p.getByText(/^(Payment failed|Checkout expired)$/).waitFor(),
      },
      {
        name: 'return-cancelled',
        page: fanPage,
        url: `/checkout/return?purchase=${open}&cancelled=1`,
        ready: (p) => p.getByText('Payment cancelled').waitFor(),
      },
      {
        name: 'billing',
        page: fanPage,
        url: '/dashboard/billing',
        ready: (p) => p.getByRole('region', { name: 'Saved cards' }).getByRole('listitem').first().waitFor(),
      },
      {
        name: 'receipt',
        page: fanPage,
        url: `/dashboard/billing/receipts/${paid}`,
        ready: (p) => p.getByText(paid).filter({ visible: true }).first().waitFor(),
      },
      {
        name: 'sales',
        page: creatorPage,
        url: '/dashboard/sales',
        ready: (p) => p.getByText('Dispute needs a response').filter({ visible: true }).first().waitFor(),
      },
    ];
    const overflowing: string[] = [];
    // One load per page: the scheme and the screen size then change in place (the hosted page follows
    // the system's scheme, ours the choice it stores), and each state is photographed and measured.
    for (const { name, page, url, ready } of pages) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(url);
      await ready(page);
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        for (const [width, height] of [
          [375, 812],
          [1366, 768],
          [1280, 800],
        ]) {
          await page.setViewportSize({ width, height });
          await pageSettled(page);
          // The whole page from its top; a dialog as the screen shows it.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({
            path: `${SHOTS}/${name}-${width}x${height}-${scheme}.png`,
            fullPage: name !== 'checkout-modal',
          });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) overflowing.push(`${name} ${width}px ${scheme}: ${overflow}px wider than the screen`);
        }
      }
    }
    expect(overflowing).toEqual([]);
  }, 600_000);
});

async function openCheckoutModal(page: Page, title: string) {
  await page.getByRole('button', { name: `Buy ${title}` }).click();
  await page.getByRole('button', { name: 'Continue to secure payment' }).waitFor();
}
