// The hosted payment page in Debian's Chromium: a plain card, the 3-D Secure challenge, a decline
// then a retry, a saved card reused with one tap; and screenshots of the page at 375 px and
// 1280 px, light and dark, in /tmp/acq-shots/ for a human to look at.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  openBrowser,
  startSandboxAcquirer,
  type BrowserSession,
  type SandboxAcquirer,
} from '#app/testing';
import { key, sessionBody, WebhookReceiver } from './support.js';

const SHOTS = '/tmp/acq-shots';
let acq: SandboxAcquirer;
let merchant: Server;
let merchantUrl: string;
const receiver = new WebhookReceiver();
const browsers: BrowserSession[] = [];

/** The merchant's own site: where the hosted page sends the customer back. */
async function startMerchantSite(): Promise<void> {
  merchant = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><title>Shop</title><h1>${url.pathname === '/success' ? 'Thanks for your purchase' : 'Back at the shop'}</h1>`,
      );
  });
  merchant.listen(0, '127.0.0.1');
  await once(merchant, 'listening');
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
}

async function newSession(overrides: Record<string, unknown> = {}) {
  const response = await acq.request(
    'POST',
    '/v1/checkout_sessions',
    sessionBody({ success_url: `${merchantUrl}/success`, cancel_url: `${merchantUrl}/cancel`, ...overrides }),
    { 'idempotency-key': key('browser') },
  );
  expect(response.status).toBe(201);
  return response.body as { id: string; url: string };
}

async function browser(): Promise<Page> {
  const session = await openBrowser(acq.url, { timeoutMs: 15_000 });
  browsers.push(session);
  return session.page;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Test Fan');
}

async function payWith(page: Page, number: string) {
  await fillCard(page, number);
  await page.getByRole('button', { name: /^Pay / }).click();
}

const status = async (id: string) => (await acq.request('GET', `/v1/checkout_sessions/${id}`)).body;

describeInBrowser('sandbox acquirer: hosted payment page', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await receiver.start();
    await startMerchantSite();
    acq = await startSandboxAcquirer({ webhookUrl: receiver.url, env: { ACQUIRER_MERCHANT_NAME: 'Fanmint' } });
  });
  afterAll(async () => {
    for (const session of browsers) await session.close();
    await acq?.close();
    await receiver.stop();
    merchant?.close();
  });

  it('pays with 4242… and returns the customer to the success URL', async () => {
    const session = await newSession();
    const page = await browser();
    await page.goto(session.url);
    await expect(page.title()).resolves.toBe('Pay €12.99 · Fanmint');
    await page.getByText('Premium photo set by Mia').waitFor();
    // the page's own script groups the digits as they are typed
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').pressSequentially('1234');
    await expect(page.getByLabel('Expiry date').inputValue()).resolves.toBe('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Test Fan');
    await page.getByRole('button', { name: 'Pay €12.99' }).click();
    await page.waitForURL(`${merchantUrl}/success?session_id=${session.id}`);
    await page.getByText('Thanks for your purchase').waitFor();
    expect((await status(session.id)).status).toBe('complete');
  });

  it('shows field messages for a bad card, then pays through the 3-D Secure challenge', async () => {
    const session = await newSession();
    const page = await browser();
    await page.goto(session.url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry date').fill('01 / 21');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Your card number is incomplete or incorrect.').waitFor();
    await page.getByText("Your card's expiry date is in the past.").waitFor();
    await page.getByText("Enter your card's security code.").waitFor();
    await expect(page.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');

    await payWith(page, '4000 0000 0000 3220');
    await page.getByRole('heading', { name: "Your bank wants to confirm it's you" }).waitFor();
    await page.getByLabel('One-time code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${merchantUrl}/success?session_id=${session.id}`);
    expect((await status(session.id)).payment).toMatchObject({ status: 'succeeded', card: { last4: '3220' } });
  });

  it('declines, keeps the session open, and a retry with another card succeeds', async () => {
    const session = await newSession();
    const page = await browser();
    await page.goto(session.url);
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect((await status(session.id)).status).toBe('open');
    // a failed 3-D Secure check is explained the same way
    await payWith(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').filter({ hasText: "We couldn't confirm it's you with your bank." }).waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(`${merchantUrl}/success?session_id=${session.id}`);
    expect((await status(session.id)).status).toBe('complete');
  });

  it('saves a card and offers it for one-tap payment next time', async () => {
    const first = await newSession({ customer: 'fan-browser', save_card: true });
    const page = await browser();
    await page.goto(first.url);
    await page.getByText('Your card will be saved with Fanmint').waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/success/);

    const second = await newSession({
      customer: 'fan-browser',
      save_card: true,
      amount: 499,
      description: 'Monthly subscription to Mia',
    });
    await page.goto(second.url);
    const saved = page.getByRole('button', { name: 'Pay €4.99 with Visa ending in 4242' });
    await saved.waitFor();
    await saved.click();
    await page.waitForURL(`${merchantUrl}/success?session_id=${second.id}`);
    const paid = await status(second.id);
    expect(paid.payment).toMatchObject({ status: 'succeeded', amount: 499, card: { last4: '4242' } });
    expect((await acq.request('GET', '/v1/customers/fan-browser/payment_methods')).body.data).toHaveLength(1);
  });

  it('lets a known customer choose to save a card, unticked by default, also through 3-D Secure; a guest is not asked', async () => {
    const methods = async () =>
      (await acq.request('GET', '/v1/customers/fan-opt-in/payment_methods')).body.data as unknown[];
    const page = await browser();
    const guest = await newSession({ amount: 300, description: 'Tip for Mia' });
    await page.goto(guest.url);
    expect(await page.getByLabel(/Save this card/).count()).toBe(0);

    const declined = await newSession({ customer: 'fan-opt-in', amount: 300 });
    await page.goto(declined.url);
    expect(await page.getByLabel('Save this card with Fanmint for faster checkout next time').isChecked()).toBe(false);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/success/);
    expect(await methods()).toHaveLength(0);

    const chosen = await newSession({ customer: 'fan-opt-in', amount: 400 });
    await page.goto(chosen.url);
    await page.getByLabel('Save this card with Fanmint for faster checkout next time').check();
    await payWith(page, '4000 0000 0000 3220');
    await page.getByLabel('One-time code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${merchantUrl}/success?session_id=${chosen.id}`);
    expect(await methods()).toMatchObject([{ card: { last4: '3220' } }]);
  });

  it('looks like a payment page people trust: screenshots at 375 and 1280 px, light and dark', async () => {
    const withSaved = await newSession({
      customer: 'fan-browser',
      save_card: true,
      amount: 2499,
      description: 'Behind-the-scenes album (24 photos) by Mia',
    });
    const plain = await newSession({ amount: 999, description: 'Tip for Mia' });
    const page = await browser();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
        await page.goto(withSaved.url);
        await page.screenshot({ path: `${SHOTS}/pay-saved-${width}-${scheme}.png`, fullPage: true });
        await page.goto(plain.url);
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.getByText('Enter your card number.').waitFor();
        await page.screenshot({ path: `${SHOTS}/pay-errors-${width}-${scheme}.png`, fullPage: true });
        const overflow = await page.evaluate(() => {
          const root = (
            globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
          ).document.documentElement;
          return root.scrollWidth - root.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(0);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(plain.url);
    await payWith(page, '4000 0000 0000 3220');
    await page.getByLabel('One-time code').waitFor();
    await page.screenshot({ path: `${SHOTS}/3ds-375-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.reload();
    await page.screenshot({ path: `${SHOTS}/3ds-1280-dark.png`, fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').waitFor();
    await page.screenshot({ path: `${SHOTS}/pay-declined-1280-dark.png`, fullPage: true });
  });
});
