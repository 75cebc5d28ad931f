/** The sandbox acquirer's always-approved test card (libs/sandbox-acquirer/src/domain/test-cards.ts). */
const DEMO_CARD = { number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123', name: 'Demo Fan' };

/**
 * Pays a checkout on the sandbox acquirer's hosted page as the fan's browser would (its form,
 * urlencoded, redirect not followed). Only the sandbox takes this card; a real provider's page
 * would refuse it, so the demo purchases exist only where payments are the sandbox's.
 */
export async function payOnHostedPage(checkoutUrl: string): Promise<void> {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(DEMO_CARD).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location') ?? '';
  if (response.status !== 303 || location.includes('declined='))
    throw new Error(`the sandbox's hosted page answered ${response.status} ${location}`);
}
