/** Tiny server-side HTML: every interpolated value goes through `escape` (or is built by `html`). */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escape(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof SafeHtml) return part.value;
  return escape(part);
}

/** Template tag: literal markup stays, interpolations are escaped unless already SafeHtml. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0];
  parts.forEach((part, i) => {
    out += render(part) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export const LOCK_ICON = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
  <path
    fill="currentColor"
    d="M4.5 7V5a3.5 3.5 0 1 1 7 0v2h.5A1.5 1.5 0 0 1 13.5 8.5v5A1.5 1.5 0 0 1 12 15H4a1.5 1.5 0 0 1-1.5-1.5v-5A1.5 1.5 0 0 1 4 7zm1.5 0h4V5a2 2 0 1 0-4 0z"
  />
</svg>`;

export interface LayoutOptions {
  title: string;
  merchantName: string;
  body: SafeHtml;
  /** Adds the card-form helper script (formatting as you type, no double submit). */
  script?: boolean;
}

export function layout({ title, merchantName, body, script = false }: LayoutOptions): string {
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <title>${title} · ${merchantName}</title>
      <link rel="stylesheet" href="/assets/pay.css" />
      ${script ? html`<script src="/assets/pay.js" defer></script>` : ''}
    </head>
    <body>
      ${body}
    </body>
  </html>`}`;
}

export function footer(): SafeHtml {
  return html`<footer class="footer">
    <p class="secured">
      ${LOCK_ICON}<span>Secured by <strong>Sandbox Acquirer</strong></span>
    </p>
    <p class="fineprint">
      Your card details are sent over an encrypted connection and are never shared with the merchant.
    </p>
  </footer>`;
}

export function merchantHeader(merchantName: string): SafeHtml {
  return html`<header class="merchant">
    <span class="merchant-logo" aria-hidden="true">${merchantName.trim().charAt(0).toUpperCase()}</span>
    <span class="merchant-name">${merchantName}</span>
    <span class="badge" title="No real money moves in test mode">Test mode</span>
  </header>`;
}
