import { describe, expect, it } from '@jest/globals';
import { renderEmail } from './render-email.js';
import { TEMPLATES } from './catalogue.js';

describe('email templates', () => {
  it('renders every template with a subject, an HTML body and a text body carrying the link', () => {
    const variables = {
      confirmUrl: 'https://fanmint.test/verify-email?token=a',
      resetUrl: 'https://fanmint.test/r',
      tokenUrl: 'https://fanmint.test/t',
      signInUrl: 'https://fanmint.test/s',
      forgotUrl: 'https://fanmint.test/f',
      securityUrl: 'https://fanmint.test/sec',
      storeSettingsUrl: 'https://fanmint.test/st',
      verificationUrl: 'https://fanmint.test/v',
      reason: 'Blurred ID',
      caseKind: 'Content report',
      caseId: 'c1',
      dueAt: 'Sun, 22 Nov 2026',
      consoleUrl: 'https://fanmint.test/admin/moderation/c1',
      title: 'Sunset',
      kind: 'Video',
      contentUrl: 'https://fanmint.test/dashboard/my-videos',
      amount: '$14.99',
      currency: 'USD',
      storeName: 'Shop',
      item: 'Sunset',
      paidWith: 'Card',
      date: 'Thu, 26 Nov 2026 10:00:00 GMT',
      reference: 'p1',
      receiptUrl: 'https://fanmint.test/dashboard/billing/receipts/p1',
      subject: 'New tip: $3.00',
      text: 'fan••3f2a sent you a $3.00 tip',
      message: 'Love it',
      note: '',
      salesUrl: 'https://fanmint.test/dashboard/sales',
      newEmail: 'new@fanmint.test',
      settingsUrl: 'https://fanmint.test/dashboard/settings',
      privacyUrl: 'https://fanmint.test/privacy',
    };
    for (const name of Object.keys(TEMPLATES)) {
      const email = renderEmail(name, variables, 'https://fanmint.test');
      expect(email.subject.length).toBeGreaterThan(10);
      expect(email.html).toContain('<!doctype html>');
      expect(email.text).toMatch(/https:\/\/fanmint\.test\//);
    }
  });

  it('escapes variables in HTML', () => {
    const email = renderEmail(
      'confirm-signup',
      { confirmUrl: 'https://x.test/"><script>alert(1)</script>' },
      'https://fanmint.test',
    );
    expect(email.html).not.toContain('<script>');
  });

  it("quotes a tip's message in the creator's email only when there is one", () => {
    const base = {
      subject: 'New sale: $14.99',
      text: 'fan••3f2a bought "Sunset" for $14.99',
      message: '',
      note: '',
      salesUrl: 'https://fanmint.test/dashboard/sales',
      newEmail: 'new@fanmint.test',
      settingsUrl: 'https://fanmint.test/dashboard/settings',
      privacyUrl: 'https://fanmint.test/privacy',
    };
    const sale = renderEmail('creator-activity', base, 'https://fanmint.test');
    expect(sale.text).not.toContain('Their message');
    expect(sale.html).not.toContain('“');
    const tip = renderEmail('creator-activity', { ...base, message: 'Thanks <3' }, 'https://fanmint.test');
    expect(tip.text).toContain('Their message: “Thanks <3”');
    expect(tip.html).toContain('“Thanks &lt;3”');
  });

  it('lists each conversation of a message digest, escaped, with its link and the unsubscribe link', () => {
    const email = renderEmail(
      'message-digest',
      {
        summary: '3 unread messages in 2 conversations',
        conversations: [
          {
            name: 'Studio <One>',
            count: '2 new messages',
            preview: 'See <b>this</b>',
            url: 'https://fanmint.test/dashboard/messages/c1',
          },
          {
            name: 'fan••ab12',
            count: '1 new message',
            preview: 'Hi',
            url: 'https://fanmint.test/dashboard/messages/c2',
          },
        ],
        messagesUrl: 'https://fanmint.test/dashboard/messages',
        settingsUrl: 'https://fanmint.test/dashboard/settings',
        unsubscribeUrl: 'https://fanmint.test/api/messages/preferences/unsubscribe?token=t',
      },
      'https://fanmint.test',
    );
    expect(email.subject).toBe('Unread messages on Fanmint: 3 unread messages in 2 conversations');
    expect(email.html).toContain('Studio &lt;One&gt;');
    expect(email.html).not.toContain('<b>this</b>');
    expect(email.html).toContain('href="https://fanmint.test/dashboard/messages/c2"');
    expect(email.html).toContain('href="https://fanmint.test/api/messages/preferences/unsubscribe?token&#x3D;t"');
    expect(email.text).toContain(
      'Studio <One> (2 new messages): See <b>this</b>\nhttps://fanmint.test/dashboard/messages/c1',
    );
    expect(email.text).toContain(
      'Stop these emails: https://fanmint.test/api/messages/preferences/unsubscribe?token=t',
    );
  });

  it('refuses an unknown template', () => {
    expect(() => renderEmail('nope', {}, 'https://fanmint.test')).toThrow('Unknown email template "nope"');
  });
});
