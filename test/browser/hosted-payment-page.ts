// What a fan does on the acquirer's hosted payment page (its own origin, apps/acquirer), shared by
// the browser suites: leave our checkout modal for the page, type a card as its labels say, pass the
// bank's 3-D Secure challenge when it asks, and land on our /checkout/return page.
import type { Page } from 'playwright-core';
import { waitForPath } from '#app/testing';
import { CARD, type TestCard } from '../api/commerce-fixtures.js';

/** The one-time code the sandbox's 3-D Secure challenge accepts. */
const THREE_D_SECURE_CODE = '123456';
const PAGE_TIMEOUT = 30_000;

const onHostedPage = (url: URL) => url.pathname.startsWith('/pay/');
const onChallenge = (url: URL) => url.pathname.startsWith('/3ds/');
const onReturnPage = (url: URL) => url.pathname === '/checkout/return';

/** From the open checkout modal to the acquirer's page: the browser leaves our site. */
export async function continueToHostedPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to secure payment' }).click();
  await page.waitForURL(onHostedPage, { timeout: PAGE_TIMEOUT });
}

/** Types the card into the hosted page's form and presses Pay (where that leads is up to the card). */
export async function submitCard(page: Page, card: TestCard): Promise<void> {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry date').fill(card.expiry);
  await page.getByLabel('Security code').fill(card.cvc);
  await page.getByLabel('Name on card').fill(card.name);
  // The form's own button ("Pay $12.00"), not a saved card's ("Pay $12.00 with Visa ending in 4242").
  await page.getByRole('button', { name: /^Pay \S+$/ }).click();
}

/** Answers the bank's challenge page with the code it accepts. */
export async function passThreeDSecure(page: Page): Promise<void> {
  await page.getByLabel('One-time code').fill(THREE_D_SECURE_CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * Pays on the hosted page with a card it approves (3-D Secure passed when the card asks for it) and
 * waits until the acquirer has sent the fan back to our return page.
 */
export async function payOnHostedPage(page: Page, card: TestCard = CARD): Promise<void> {
  await submitCard(page, card);
  await page.waitForURL((url) => onChallenge(url) || onReturnPage(url), { timeout: PAGE_TIMEOUT });
  if (onChallenge(new URL(page.url()))) await passThreeDSecure(page);
  await waitForPath(page, '/checkout/return', PAGE_TIMEOUT);
}

/** Checkout modal open → hosted page → paid → our return page says so. */
export async function checkOutAndPay(page: Page, card: TestCard = CARD): Promise<void> {
  await continueToHostedPage(page);
  await payOnHostedPage(page, card);
  await page.getByText('Payment confirmed').waitFor({ timeout: PAGE_TIMEOUT });
}
