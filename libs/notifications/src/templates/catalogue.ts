import { button } from './layout.js';

export interface EmailTemplate {
  subject: string;
  /** HTML body (inside the layout); Handlebars, variables escaped. */
  html: string;
  text: string;
}

/** Every email the platform sends, by template name. */
export const TEMPLATES: Record<string, EmailTemplate> = {
  'confirm-signup': {
    subject: 'Confirm your Fanmint email address',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Confirm your email address</h1>
<p style="line-height:22px">Thanks for signing up early to Fanmint. Confirm that this is your email address to activate your account.</p>
${button('confirmUrl', 'Confirm email address')}
<p style="line-height:22px;color:#6b6474">This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.</p>`,
    text: `Confirm your Fanmint email address\n\nOpen this link to activate your account (it works once and expires in 24 hours):\n{{confirmUrl}}\n\nIf you did not sign up, you can ignore this email.`,
  },
  'reset-password': {
    subject: 'Reset your Fanmint password',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Reset your password</h1>
<p style="line-height:22px">We received a request to reset the password of your Fanmint account.</p>
${button('resetUrl', 'Choose a new password')}
<p style="line-height:22px">Or set it on this page instead: <a href="{{tokenUrl}}" style="color:#a5529f">{{tokenUrl}}</a></p>
<p style="line-height:22px;color:#6b6474">The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.</p>`,
    text: `Reset your Fanmint password\n\nChoose a new password here (the link works once and expires in 1 hour):\n{{resetUrl}}\n\nOr set it on this page instead:\n{{tokenUrl}}\n\nIf you did not ask for this, ignore this email: your password stays the same.`,
  },
  'account-exists': {
    subject: 'Someone tried to sign up with your email address',
    html: `<h1 style="font-size:20px;margin:0 0 16px">You already have an account</h1>
<p style="line-height:22px">Someone, possibly you, tried to create a new Fanmint account with this email address. You already have an account, so no new one was created.</p>
${button('signInUrl', 'Sign in')}
<p style="line-height:22px">Forgot your password? <a href="{{forgotUrl}}" style="color:#a5529f">Reset it here</a>. If this was not you, no action is needed.</p>`,
    text: `You already have a Fanmint account\n\nSomeone, possibly you, tried to create a new account with this email address. No new account was created.\n\nSign in: {{signInUrl}}\nForgot your password? {{forgotUrl}}\n\nIf this was not you, no action is needed.`,
  },
  'password-changed': {
    subject: 'Your Fanmint password was changed',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your password was changed</h1>
<p style="line-height:22px">The password of your Fanmint account was just changed, and your other sessions were signed out.</p>
<p style="line-height:22px">If this was not you, <a href="{{forgotUrl}}" style="color:#a5529f">reset your password now</a> and review your <a href="{{securityUrl}}" style="color:#a5529f">security settings</a>.</p>`,
    text: `Your Fanmint password was changed, and your other sessions were signed out.\n\nIf this was not you, reset your password now: {{forgotUrl}}\nSecurity settings: {{securityUrl}}`,
  },
  'confirm-email-change': {
    subject: 'Confirm your new Fanmint email address',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Confirm your new email address</h1>
<p style="line-height:22px">You asked to use {{newEmail}} for your Fanmint account. Confirm it to make the change; until then, your account keeps its current address.</p>
${button('confirmUrl', 'Confirm new address')}
<p style="line-height:22px;color:#6b6474">This link works once and expires in 24 hours. If you did not ask for this, ignore this email and nothing changes.</p>`,
    text: `Confirm your new Fanmint email address\n\nYou asked to use {{newEmail}} for your Fanmint account. Open this link to make the change (it works once and expires in 24 hours):\n{{confirmUrl}}\n\nIf you did not ask for this, ignore this email and nothing changes.`,
  },
  'email-change-requested': {
    subject: 'A change of your Fanmint email address was requested',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your email address is about to change</h1>
<p style="line-height:22px">Someone signed in to your Fanmint account asked to change its email address to {{newEmail}}. The change happens only when it is confirmed from both addresses: if it was you, confirm it here too.</p>
${button('confirmUrl', 'Confirm the change')}
<p style="line-height:22px">If this was not you, do not open the link: <a href="{{forgotUrl}}" style="color:#a5529f">reset your password now</a>, which signs out every session. You can also review your <a href="{{settingsUrl}}" style="color:#a5529f">account settings</a>.</p>`,
    text: `A change of your Fanmint email address to {{newEmail}} was requested. It happens only when it is confirmed from both addresses. If it was you, confirm it here too (the link works once and expires in 24 hours):\n{{confirmUrl}}\n\nIf this was not you, do not open the link; reset your password now: {{forgotUrl}}\nAccount settings: {{settingsUrl}}`,
  },
  'email-changed': {
    subject: 'Your Fanmint email address was changed',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your email address was changed</h1>
<p style="line-height:22px">Your Fanmint account now uses {{newEmail}}, confirmed from this address and the new one. This address gets no more mail from us about the account.</p>
<p style="line-height:22px">If this was not you, contact support right away and review your <a href="{{securityUrl}}" style="color:#a5529f">security settings</a>.</p>`,
    text: `Your Fanmint account now uses {{newEmail}}, confirmed from this address and the new one.\n\nIf this was not you, contact support right away. Security settings: {{securityUrl}}`,
  },
  'reauthentication-code': {
    subject: 'Your Fanmint confirmation code',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Confirm it is you</h1>
<p style="line-height:22px">Enter this code to change your password:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:8px 0 16px">{{code}}</p>
<p style="line-height:22px;color:#6b6474">The code works once and expires in 10 minutes. If you did not ask for it, <a href="{{forgotUrl}}" style="color:#a5529f">reset your password</a>: someone may be using a session of yours.</p>`,
    text: `Your Fanmint confirmation code: {{code}}\n\nEnter it to change your password. It works once and expires in 10 minutes.\n\nIf you did not ask for it, reset your password: {{forgotUrl}}`,
  },
  'account-deleted': {
    subject: 'Your Fanmint account was deleted',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your account was deleted</h1>
<p style="line-height:22px">Your Fanmint account has been deleted as you asked. Your personal data (email address, name, profile picture, sessions) has been erased and your subscriptions have ended; you will not be charged again.</p>
<p style="line-height:22px">Records of payments are kept, without your name or email address, for as long as tax and accounting law requires. Our <a href="{{privacyUrl}}" style="color:#a5529f">privacy policy</a> explains how long and why.</p>
<p style="line-height:22px;color:#6b6474">This is the last email we send to this address. If you did not delete your account, contact support right away.</p>`,
    text: `Your Fanmint account was deleted as you asked. Your personal data (email address, name, profile picture, sessions) has been erased and your subscriptions have ended; you will not be charged again.\n\nRecords of payments are kept, without your name or email address, for as long as tax and accounting law requires: {{privacyUrl}}\n\nThis is the last email we send to this address. If you did not delete your account, contact support right away.`,
  },
  'mfa-enabled': {
    subject: 'Two-factor authentication is on',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Two-factor authentication is on</h1>
<p style="line-height:22px">Signing in to your Fanmint account now also asks for a code from your authenticator app. Keep your recovery codes somewhere safe.</p>
<p style="line-height:22px">If this was not you, <a href="{{securityUrl}}" style="color:#a5529f">review your security settings</a> right away.</p>`,
    text: `Two-factor authentication is now on for your Fanmint account. Keep your recovery codes somewhere safe.\n\nIf this was not you, review your security settings: {{securityUrl}}`,
  },
  'mfa-disabled': {
    subject: 'Two-factor authentication was turned off',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Two-factor authentication was turned off</h1>
<p style="line-height:22px">Signing in to your Fanmint account no longer asks for an authenticator code.</p>
<p style="line-height:22px">If this was not you, <a href="{{forgotUrl}}" style="color:#a5529f">reset your password</a> and turn two-factor authentication back on in your <a href="{{securityUrl}}" style="color:#a5529f">security settings</a>.</p>`,
    text: `Two-factor authentication was turned off for your Fanmint account.\n\nIf this was not you, reset your password: {{forgotUrl}}\nSecurity settings: {{securityUrl}}`,
  },
  'payout-method-changed': {
    subject: 'Your Fanmint payout method was changed',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your payout method was changed</h1>
<p style="line-height:22px">Your payouts will now be sent to this {{method}}.</p>
${button('billingUrl', 'Review Billing & Payments')}
<p style="line-height:22px">If this was not you, <a href="{{forgotUrl}}" style="color:#a5529f">reset your password now</a>, check your <a href="{{securityUrl}}" style="color:#a5529f">security settings</a> and contact support before the next payout.</p>`,
    text: `Your Fanmint payout method was changed. Payouts will now be sent to this {{method}}.\n\nReview it: {{billingUrl}}\n\nIf this was not you, reset your password now: {{forgotUrl}}\nSecurity settings: {{securityUrl}}`,
  },
  'payout-method-removed': {
    subject: 'Your Fanmint payout method was removed',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your payout method was removed</h1>
<p style="line-height:22px">This {{method}} no longer receives your payouts. Released earnings wait in your balance until you add a payout method.</p>
${button('billingUrl', 'Open Billing & Payments')}
<p style="line-height:22px">If this was not you, <a href="{{forgotUrl}}" style="color:#a5529f">reset your password now</a> and check your <a href="{{securityUrl}}" style="color:#a5529f">security settings</a>.</p>`,
    text: `Your Fanmint payout method was removed: this {{method}} no longer receives your payouts. Released earnings wait in your balance until you add a payout method.\n\nBilling & Payments: {{billingUrl}}\n\nIf this was not you, reset your password now: {{forgotUrl}}\nSecurity settings: {{securityUrl}}`,
  },
  'verification-accepted': {
    subject: 'Your Fanmint identity verification was accepted',
    html: `<h1 style="font-size:20px;margin:0 0 16px">You are verified</h1>
<p style="line-height:22px">We checked your ID and your photo, and your identity verification was accepted. Your account is now a verified creator account.</p>
${button('storeSettingsUrl', 'Go to Store Settings')}
<p style="line-height:22px;color:#6b6474">Your ID images are kept encrypted and are seen only by our verification team.</p>`,
    text: `Your Fanmint identity verification was accepted. Your account is now a verified creator account.\n\nStore settings: {{storeSettingsUrl}}`,
  },
  'verification-rejected': {
    subject: 'Your Fanmint identity verification needs another try',
    html: `<h1 style="font-size:20px;margin:0 0 16px">We could not verify your identity yet</h1>
<p style="line-height:22px">Our verification team reviewed your submission and could not accept it, for this reason:</p>
<p style="line-height:22px;padding:12px 16px;background:#f4eef6;border-radius:4px">{{reason}}</p>
<p style="line-height:22px">You can correct this and submit again at any time.</p>
${button('verificationUrl', 'Try again')}`,
    text: `Your Fanmint identity verification could not be accepted, for this reason:\n\n{{reason}}\n\nYou can correct this and submit again: {{verificationUrl}}`,
  },
  'moderation-deadline-warning': {
    subject: '{{caseKind}} due soon: {{dueAt}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">A moderation deadline is close</h1>
<p style="line-height:22px">{{caseKind}} {{caseId}} must be handled by <strong>{{dueAt}}</strong> (a quarter of its time is left). Claim it in the console if nobody has.</p>
${button('consoleUrl', 'Open the case')}`,
    text: `{{caseKind}} {{caseId}} must be handled by {{dueAt}} (a quarter of its time is left).\n\nOpen the case: {{consoleUrl}}`,
  },
  'moderation-deadline-breached': {
    subject: 'Deadline missed: {{caseKind}} {{caseId}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">A moderation deadline was missed</h1>
<p style="line-height:22px">{{caseKind}} {{caseId}} was due by <strong>{{dueAt}}</strong> and is still open. The breach is recorded and appears in the monthly compliance report.</p>
${button('consoleUrl', 'Open the case')}`,
    text: `{{caseKind}} {{caseId}} was due by {{dueAt}} and is still open. The breach is recorded for the monthly compliance report.\n\nOpen the case: {{consoleUrl}}`,
  },
  'content-pending-review': {
    subject: 'New upload to review: {{title}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">New content waiting for review</h1>
<p style="line-height:22px">{{kind}} <strong>{{title}}</strong> was submitted and stays private until a moderator approves it.</p>
${button('consoleUrl', 'Review it')}`,
    text: `{{kind}} "{{title}}" was submitted and stays private until a moderator approves it.\n\nReview it: {{consoleUrl}}`,
  },
  'content-approved': {
    subject: 'Approved: {{title}} is live in your store',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your content is live</h1>
<p style="line-height:22px"><strong>{{title}}</strong> passed review and is now live in your store.</p>
${button('contentUrl', 'See your content')}`,
    text: `"{{title}}" passed review and is now live in your store.\n\nSee your content: {{contentUrl}}`,
  },
  'content-rejected': {
    subject: 'Changes needed: {{title}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Your content was not approved</h1>
<p style="line-height:22px"><strong>{{title}}</strong> could not be approved, for this reason:</p>
<p style="line-height:22px;padding:12px 16px;background:#f4eef6;border-radius:4px">{{reason}}</p>
<p style="line-height:22px">You can change it and submit it again, or appeal the decision.</p>
${button('contentUrl', 'Open your content')}`,
    text: `"{{title}}" could not be approved, for this reason:\n\n{{reason}}\n\nChange it and submit again, or appeal: {{contentUrl}}`,
  },
  'purchase-receipt': {
    subject: 'Your Fanmint receipt: {{amount}} to {{storeName}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">Thanks for your payment</h1>
<p style="line-height:22px">This is your receipt for a payment to <strong>{{storeName}}</strong> on Fanmint.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="line-height:22px;border-top:1px solid #e6dfea;border-bottom:1px solid #e6dfea;margin:16px 0">
<tr><td style="padding:8px 0;color:#6b6474">Item</td><td style="padding:8px 0;text-align:right">{{item}}</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Store</td><td style="padding:8px 0;text-align:right">{{storeName}}</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Amount</td><td style="padding:8px 0;text-align:right"><strong>{{amount}}</strong> ({{currency}})</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">VAT</td><td style="padding:8px 0;text-align:right">VAT: included where applicable</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Paid with</td><td style="padding:8px 0;text-align:right">{{paidWith}}</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Date</td><td style="padding:8px 0;text-align:right">{{date}}</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Merchant</td><td style="padding:8px 0;text-align:right">Fanmint</td></tr>
<tr><td style="padding:8px 0;color:#6b6474">Reference</td><td style="padding:8px 0;text-align:right;font-family:monospace;word-break:break-all">{{reference}}</td></tr>
</table>
${button('receiptUrl', 'View in Billing & Payments')}
<p style="line-height:22px;color:#6b6474">The charge appears on your statement from Fanmint. Quote the reference if you contact support about this payment.</p>`,
    text: `Your Fanmint receipt\n\nItem: {{item}}\nStore: {{storeName}}\nAmount: {{amount}} ({{currency}})\nVAT: included where applicable\nPaid with: {{paidWith}}\nDate: {{date}}\nMerchant: Fanmint\nReference: {{reference}}\n\nView it in Billing & Payments: {{receiptUrl}}\n\nThe charge appears on your statement from Fanmint. Quote the reference if you contact support about this payment.`,
  },
  'creator-activity': {
    subject: '{{subject}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">{{subject}}</h1>
<p style="line-height:22px">{{text}}</p>
{{#if message}}<p style="line-height:22px;padding:12px 16px;background:#f4eef6;border-radius:4px">“{{message}}”</p>
{{/if}}{{#if note}}<p style="line-height:22px">{{note}}</p>
{{/if}}${button('salesUrl', 'Open your sales')}`,
    text: `{{subject}}\n\n{{text}}\n{{#if message}}\nTheir message: “{{message}}”\n{{/if}}{{#if note}}\n{{note}}\n{{/if}}\nYour sales: {{salesUrl}}`,
  },
  'message-digest': {
    subject: 'Unread messages on Fanmint: {{summary}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">You have unread messages</h1>
<p style="line-height:22px">{{summary}} waiting for you.</p>
{{#each conversations}}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="line-height:22px;border-top:1px solid #e6dfea;margin:0">
<tr><td style="padding:12px 0 4px"><strong>{{name}}</strong> <span style="color:#6b6474">· {{count}}</span></td></tr>
<tr><td style="padding:0 0 4px;color:#3d3545">{{preview}}</td></tr>
<tr><td style="padding:0 0 12px"><a href="{{url}}" style="color:#a5529f">Open the conversation</a></td></tr>
</table>
{{/each}}${button('messagesUrl', 'Open your messages')}
<p style="line-height:22px;color:#6b6474;font-size:13px">We email each unread message once, when it has waited over an hour. <a href="{{unsubscribeUrl}}" style="color:#a5529f">Stop these emails</a>, or change it in your <a href="{{settingsUrl}}" style="color:#a5529f">account settings</a>.</p>`,
    text: `You have unread messages on Fanmint: {{summary}}.\n{{#each conversations}}\n{{name}} ({{count}}): {{preview}}\n{{url}}\n{{/each}}\nYour messages: {{messagesUrl}}\n\nWe email each unread message once, when it has waited over an hour.\nStop these emails: {{unsubscribeUrl}}\nAccount settings: {{settingsUrl}}`,
  },
  'moderation-case-opened': {
    subject: 'New {{caseKind}}: due {{dueAt}}',
    html: `<h1 style="font-size:20px;margin:0 0 16px">New {{caseKind}}</h1>
<p style="line-height:22px">{{caseKind}} {{caseId}} was filed and must be handled by <strong>{{dueAt}}</strong>.</p>
${button('consoleUrl', 'Open the case')}`,
    text: `{{caseKind}} {{caseId}} was filed and must be handled by {{dueAt}}.\n\nOpen the case: {{consoleUrl}}`,
  },
};
