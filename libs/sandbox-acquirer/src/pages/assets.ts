// The hosted page's own stylesheet and script, served from its origin (the CSP allows 'self' only).
// Kept as strings so the compiled service needs no files beside it.

export const PAY_CSS = `
:root {
  --bg: #f4f6f9; --surface: #ffffff; --summary: #ffffff; --text: #1a1f36; --muted: #5b6577;
  --border: #d5dbe3; --input: #ffffff; --focus: #2f6fed; --accent: #2557d6; --accent-text: #ffffff;
  --accent-hover: #1d47b3; --error: #c0281c; --error-bg: #fdecea; --hint-bg: #eef3fe; --shadow: 0 1px 2px rgba(16,24,40,.06), 0 8px 24px rgba(16,24,40,.08);
  color-scheme: light;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --surface: #161b22; --summary: #11161d; --text: #e6e9ef; --muted: #9aa4b2;
    --border: #2d3540; --input: #0f141a; --focus: #6c9cff; --accent: #4d7fff; --accent-text: #ffffff;
    --accent-hover: #6a93ff; --error: #ff7b72; --error-bg: #3a1d1d; --hint-bg: #172238; --shadow: 0 1px 2px rgba(0,0,0,.4), 0 8px 24px rgba(0,0,0,.35);
    color-scheme: dark;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.page { min-height: 100vh; display: flex; flex-direction: column; }
.summary { background: var(--summary); border-bottom: 1px solid var(--border); padding: 20px 20px 24px; }
.panel { width: 100%; max-width: 480px; margin: 0 auto; padding: 24px 20px 32px; }
.merchant { display: flex; align-items: center; gap: 10px; margin-bottom: 20px; }
.merchant-logo { width: 32px; height: 32px; border-radius: 8px; background: var(--accent); color: var(--accent-text); display: grid; place-items: center; font-weight: 700; }
.merchant-name { font-weight: 600; }
.badge { margin-left: auto; font-size: 12px; font-weight: 600; letter-spacing: .02em; text-transform: uppercase; color: #8a5a00; background: #fff3d6; border: 1px solid #f3d48a; border-radius: 999px; padding: 2px 10px; }
@media (prefers-color-scheme: dark) { .badge { color: #f5c86a; background: #3a2e12; border-color: #6b5420; } }
.summary-label { margin: 0; color: var(--muted); font-size: 15px; }
.amount { margin: 2px 0 6px; font-size: 36px; font-weight: 700; letter-spacing: -.02em; font-variant-numeric: tabular-nums; }
.description { margin: 0; color: var(--muted); }
.section-title { font-size: 15px; font-weight: 600; margin: 0 0 12px; }
.card-form { background: var(--surface); border: 1px solid var(--border); border-radius: 12px; padding: 20px; box-shadow: var(--shadow); }
.field { margin-bottom: 14px; }
.field label { display: block; font-size: 14px; font-weight: 500; margin-bottom: 6px; }
.field input { width: 100%; font: inherit; font-size: 16px; color: var(--text); background: var(--input); border: 1px solid var(--border); border-radius: 8px; padding: 11px 12px; outline: none; transition: border-color .15s, box-shadow .15s; }
.field input::placeholder { color: var(--muted); opacity: .7; }
.field input:focus { border-color: var(--focus); box-shadow: 0 0 0 3px color-mix(in srgb, var(--focus) 25%, transparent); }
.has-error input { border-color: var(--error); }
.field-error { color: var(--error); font-size: 13px; margin: 6px 0 0; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.note { font-size: 13px; color: var(--muted); margin: 4px 0 14px; }
.save-option { display: flex; gap: 10px; align-items: flex-start; font-size: 14px; margin: 4px 0 16px; cursor: pointer; }
.save-option input { width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--accent); flex: none; }
.pay-button { display: block; width: 100%; border: 0; border-radius: 8px; background: var(--accent); color: var(--accent-text); font: inherit; font-weight: 600; font-size: 16px; padding: 13px 16px; cursor: pointer; text-align: center; text-decoration: none; transition: background .15s; }
.pay-button:hover { background: var(--accent-hover); }
.pay-button:focus-visible, .secondary-button:focus-visible, .saved-card:focus-visible, .cancel:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.pay-button[disabled] { opacity: .7; cursor: progress; }
.secondary-button { display: block; width: 100%; border: 1px solid var(--border); border-radius: 8px; background: transparent; color: var(--text); font: inherit; font-weight: 500; padding: 12px 16px; cursor: pointer; }
.actions { display: grid; gap: 10px; margin-top: 16px; }
.cancel { display: block; margin: 18px auto 0; text-align: center; color: var(--muted); font-size: 14px; text-decoration: underline; text-underline-offset: 3px; }
.alert { background: var(--error-bg); color: var(--error); border: 1px solid color-mix(in srgb, var(--error) 35%, transparent); border-radius: 10px; padding: 12px 14px; margin-bottom: 18px; font-size: 14px; }
.alert strong { display: block; }
.saved { margin-bottom: 8px; }
.saved-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.saved-list form { margin: 0; }
.saved-card { width: 100%; display: grid; grid-template-columns: auto 1fr auto; grid-template-areas: "brand number pay" "brand exp pay"; align-items: center; column-gap: 12px; text-align: left; font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 12px 14px; cursor: pointer; box-shadow: var(--shadow); }
.saved-card:hover { border-color: var(--accent); }
.brand { grid-area: brand; font-size: 12px; font-weight: 700; border-radius: 6px; padding: 4px 8px; background: var(--hint-bg); color: var(--accent); }
.saved-number { grid-area: number; font-weight: 600; font-variant-numeric: tabular-nums; }
.saved-exp { grid-area: exp; font-size: 13px; color: var(--muted); }
.saved-pay { grid-area: pay; font-weight: 600; color: var(--accent); }
.divider { display: flex; align-items: center; gap: 12px; color: var(--muted); font-size: 13px; margin: 20px 0; }
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--border); }
.footer { margin-top: 28px; text-align: center; color: var(--muted); font-size: 13px; }
.secured { display: inline-flex; align-items: center; gap: 6px; margin: 0 0 4px; }
.fineprint { margin: 0; font-size: 12px; }
.icon { width: 14px; height: 14px; flex: none; }
.single { justify-content: flex-start; padding: 24px 12px; }
.challenge h1, .message h1 { font-size: 22px; line-height: 1.3; margin: 8px 0 10px; }
.challenge > p, .message > p { color: var(--muted); }
.challenge form, .message .link-button { margin-top: 20px; }
.bank { display: inline-flex; align-items: center; gap: 6px; font-size: 13px; font-weight: 600; color: var(--accent); background: var(--hint-bg); border-radius: 999px; padding: 4px 12px; margin: 0; }
.hint { font-size: 13px; background: var(--hint-bg); border-radius: 8px; padding: 10px 12px; margin: 0; }
.challenge, .message { background: var(--surface); border: 1px solid var(--border); border-radius: 14px; box-shadow: var(--shadow); margin-top: 0; }
@media (min-width: 900px) {
  .page:not(.single) { flex-direction: row; }
  .summary { flex: 0 0 44%; border-bottom: 0; border-right: 1px solid var(--border); padding: 72px 56px; display: flex; flex-direction: column; align-items: flex-end; }
  .summary > * { width: 100%; max-width: 380px; }
  .amount { font-size: 44px; }
  .page:not(.single) .panel { margin: 0; padding: 72px 56px; max-width: 536px; }
  .single { padding-top: 72px; }
  .challenge, .message { padding: 32px; }
}
`;

export const PAY_JS = `
(function () {
  var number = document.getElementById('number');
  if (number) number.addEventListener('input', function () {
    var digits = number.value.replace(/\\D/g, '').slice(0, 19);
    number.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  var expiry = document.getElementById('expiry');
  if (expiry) expiry.addEventListener('input', function (event) {
    var digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    if (event.inputType && event.inputType.indexOf('delete') === 0) return;
    expiry.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  });
  document.querySelectorAll('form').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = '1';
      var button = event.submitter || form.querySelector('button[type=submit]');
      if (button && button.classList.contains('pay-button')) {
        setTimeout(function () { button.disabled = true; button.textContent = 'Processing…'; }, 0);
      }
    });
  });
})();
`;
