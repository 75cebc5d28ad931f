import { BRAND_LABELS, type CardBrand, type CardErrors, type CardInput } from '../domain/card-validation.js';
import { formatAmount } from '../domain/money.js';
import type { PaymentMethodRow, SessionRow } from '../services/rows.js';
import { footer, html, layout, merchantHeader, type SafeHtml } from './html.js';

export interface PayPageModel {
  merchantName: string;
  session: SessionRow;
  savedCards: PaymentMethodRow[];
  /** Shown above the form: a decline or a failed 3-D Secure check. */
  alert?: string | null;
  errors?: CardErrors;
  /** What the customer typed, for a form sent back with field errors (never the CVC). */
  values?: Partial<CardInput>;
  /** The customer ticked "save this card" before the form came back with field errors. */
  saveCardTicked?: boolean;
}

const expiryLabel = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;

function field(
  name: keyof CardInput,
  label: string,
  attributes: SafeHtml,
  { errors, values }: Pick<PayPageModel, 'errors' | 'values'>,
): SafeHtml {
  const error = errors?.[name];
  const value = name === 'cvc' ? '' : (values?.[name] ?? '');
  return html`<div class="field${error ? ' has-error' : ''}">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      value="${value}"
      ${attributes}${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}
    />
    ${error ? html`<p class="field-error" id="${name}-error" role="alert">${error}</p>` : ''}
  </div>`;
}

function savedCardsSection(model: PayPageModel, amount: string): SafeHtml | '' {
  if (model.savedCards.length === 0) return '';
  return html`<section class="saved" aria-labelledby="saved-title">
    <h2 id="saved-title" class="section-title">Your saved cards</h2>
    <ul class="saved-list">
      ${model.savedCards.map(
        (card) =>
          html`<li>
            <form method="post" action="/pay/${model.session.id}">
              <input type="hidden" name="payment_method" value="${card.id}" />
              <button
                type="submit"
                class="saved-card"
                aria-label="Pay ${amount} with ${BRAND_LABELS[card.brand as CardBrand] ?? card.brand} ending in ${card.last4}"
              >
                <span class="brand brand-${card.brand}">${BRAND_LABELS[card.brand as CardBrand] ?? card.brand}</span>
                <span class="saved-number">•••• ${card.last4}</span>
                <span class="saved-exp">Expires ${expiryLabel(card.exp_month, card.exp_year)}</span>
                <span class="saved-pay">Pay ${amount}</span>
              </button>
            </form>
          </li>`,
      )}
    </ul>
    <p class="divider"><span>or pay with another card</span></p>
  </section>`;
}

/**
 * Saving the card: the merchant asks for it (a subscription renews on it) and the customer is told;
 * otherwise, for a known customer, the customer may choose it (unticked, as consent requires).
 */
function saveCardChoice({ session, merchantName, saveCardTicked }: PayPageModel): SafeHtml | '' {
  if (session.save_card)
    return html`<p class="note">
      Your card will be saved with ${merchantName} for faster checkout and renewals. You can remove it at any time.
    </p>`;
  if (!session.customer_id) return '';
  return html`<label class="save-option"
    ><input type="checkbox" name="save_card" value="yes" ${saveCardTicked ? html` checked` : ''} /> Save this card with
    ${merchantName} for faster checkout next time</label
  >`;
}

export function payPage(model: PayPageModel): string {
  const { session, merchantName } = model;
  const amount = formatAmount(Number(session.amount), session.currency);
  const body = html`<div class="page">
    <aside class="summary">
      ${merchantHeader(merchantName)}
      <p class="summary-label">Pay ${merchantName}</p>
      <p class="amount">${amount}</p>
      <p class="description">${session.description}</p>
    </aside>
    <main class="panel">
      ${model.alert ? html`<div class="alert" role="alert"><strong>Payment not completed.</strong> ${model.alert}</div>` : ''}
      ${savedCardsSection(model, amount)}
      <form method="post" action="/pay/${session.id}" class="card-form" novalidate>
        <h2 class="section-title">Card details</h2>
        ${field('number', 'Card number', html`type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" spellcheck="false"`, model)}
        <div class="row">
          ${field('expiry', 'Expiry date', html`type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9"`, model)}
          ${field('cvc', 'Security code', html`type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"`, model)}
        </div>
        ${field('name', 'Name on card', html`type="text" autocomplete="cc-name" placeholder="Full name" maxlength="100"`, model)}
        ${saveCardChoice(model)}
        <button type="submit" class="pay-button">Pay ${amount}</button>
      </form>
      <a class="cancel" href="${session.cancel_url}">Cancel and return to ${merchantName}</a>
      ${footer()}
    </main>
  </div>`;
  return layout({ title: `Pay ${amount}`, merchantName, body, script: true });
}
