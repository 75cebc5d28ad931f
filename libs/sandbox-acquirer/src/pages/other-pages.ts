import { formatAmount } from '../domain/money.js';
import type { SessionRow } from '../services/rows.js';
import { footer, html, layout, LOCK_ICON, merchantHeader } from './html.js';

export interface ChallengeModel {
  merchantName: string;
  session: SessionRow;
  challengeId: string;
  brand: string;
  last4: string;
  error?: string | null;
}

/** The card issuer's 3-D Secure step: a one-time code, or cancel. */
export function challengePage(model: ChallengeModel): string {
  const amount = formatAmount(Number(model.session.amount), model.session.currency);
  const body = html`<div class="page single">
    <main class="panel challenge">
      <p class="bank">${LOCK_ICON}<span>Sandbox Bank · Secure verification</span></p>
      <h1>Your bank wants to confirm it's you</h1>
      <p>
        We sent a one-time code to the phone number registered for your card ending in <strong>${model.last4}</strong>.
        Enter it to approve your payment of <strong>${amount}</strong> to <strong>${model.merchantName}</strong>.
      </p>
      <form method="post" action="/3ds/${model.challengeId}" novalidate>
        <div class="field${model.error ? ' has-error' : ''}">
          <label for="code">One-time code</label>
          <input
            id="code"
            name="code"
            type="text"
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength="6"
            placeholder="6-digit code"
            ${model.error ? html` aria-invalid="true" aria-describedby="code-error"` : ''}
          />
          ${model.error ? html`<p class="field-error" id="code-error" role="alert">${model.error}</p>` : ''}
        </div>
        <p class="hint">Test mode: the code is <strong>123456</strong>. Any other code fails.</p>
        <div class="actions">
          <button type="submit" name="action" value="confirm" class="pay-button">Confirm</button>
          <button type="submit" name="action" value="cancel" class="secondary-button">Cancel</button>
        </div>
      </form>
      ${footer()}
    </main>
  </div>`;
  return layout({ title: 'Confirm your payment', merchantName: model.merchantName, body, script: true });
}

/** A checkout that can no longer be paid: already paid, expired, or unknown. */
export function messagePage({
  merchantName,
  title,
  message,
  link,
}: {
  merchantName: string;
  title: string;
  message: string;
  link?: { href: string; label: string } | null;
}): string {
  const body = html`<div class="page single">
    <main class="panel message">
      ${merchantHeader(merchantName)}
      <h1>${title}</h1>
      <p>${message}</p>
      ${link ? html`<a class="pay-button link-button" href="${link.href}">${link.label}</a>` : ''} ${footer()}
    </main>
  </div>`;
  return layout({ title, merchantName, body });
}

export function closedSessionPage(merchantName: string, session: SessionRow | null): string {
  if (!session)
    return messagePage({
      merchantName,
      title: 'Checkout not found',
      message: 'This payment link is not valid. Go back to the shop and start again.',
    });
  const amount = formatAmount(Number(session.amount), session.currency);
  if (session.status === 'complete') {
    return messagePage({
      merchantName,
      title: 'Payment complete',
      message: `You paid ${amount} to ${merchantName}. Nothing more to do here.`,
      link: { href: session.success_url, label: `Return to ${merchantName}` },
    });
  }
  return messagePage({
    merchantName,
    title: 'This checkout has expired',
    message: `You were not charged. Go back to ${merchantName} to start a new payment.`,
    link: { href: session.cancel_url, label: `Return to ${merchantName}` },
  });
}
