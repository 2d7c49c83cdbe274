import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { mailDomain } from './mail.service';
import { greetingName, renderMail } from './mail-templates';

const base = { NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), UPLOAD_DIR: 'unused' } as const;

describe('mail configuration (checked once at start-up)', () => {
  it('accepts smtp:// and smtps:// URLs and refuses anything else, naming the variable', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).SMTP_URL).toBe(
      'smtp://user:pass@mail.example.com:587',
    );
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://mail.example.com:465' }).SMTP_URL).toMatch(/^smtps:/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('takes MAIL_FROM as an address or "Name <address>", and its domain names the Message-IDs', () => {
    expect(loadConfig({ ...base }).MAIL_FROM).toBe('Voltcart <orders@voltcart.local>');
    expect(loadConfig({ ...base, MAIL_FROM: 'shop@example.in' }).MAIL_FROM).toBe('shop@example.in');
    expect(() => loadConfig({ ...base, MAIL_FROM: 'Voltcart' })).toThrow(/MAIL_FROM/);
    expect(mailDomain('Voltcart Orders <orders@mail.voltcart.in>')).toBe('mail.voltcart.in');
    expect(mailDomain('shop@example.in')).toBe('example.in');
  });

  it('turns the outbox off with MAIL_ENABLED=false', () => {
    expect(loadConfig({ ...base }).MAIL_ENABLED).toBe(true);
    expect(loadConfig({ ...base, MAIL_ENABLED: 'false' }).MAIL_ENABLED).toBe(false);
  });
});

describe('mail templates', () => {
  const data = {
    shopName: 'Volt & Co',
    storefrontUrl: 'https://shop.example.in/',
    name: '<Ravi>',
    order: {
      publicId: 'VC0123456789ABCDEFGH',
      totalPaise: 150_050,
      online: true,
      lines: [{ name: 'Cable "USB-C"', options: 'Black', qty: 2, unitPaise: 75_025 }],
    },
  };

  it('links a failed payment to the order page (where Pay now is) and escapes the HTML', () => {
    const m = renderMail('payment_failed', data);
    expect(m.subject).toBe('Payment failed for order VC0123456789ABCDEFGH – Volt & Co');
    expect(m.text).toContain('Pay now: https://shop.example.in/profile/orders/VC0123456789ABCDEFGH');
    // The shop's one money format (packages/shared rules/money.ts).
    expect(m.text).toContain('2 × Cable "USB-C" (Black): ₹1,500.5');
    // A name that is not a plain first name is not echoed at all (so it cannot carry markup or a sentence).
    expect(m.html).toContain('<p>Hello,</p>');
    expect(m.html).not.toContain('Ravi');
    expect(m.html).toContain('Volt &amp; Co');
    expect(m.html).toContain('Cable &quot;USB-C&quot;');
  });

  it('names the shop once in the welcome subject', () => {
    expect(renderMail('account_created', data).subject).toBe('Welcome to Volt & Co');
  });

  it.each([
    ['order_placed', 'Order VC0123456789ABCDEFGH placed (cash on delivery)'],
    ['payment_received', 'Payment received for order VC0123456789ABCDEFGH'],
    ['shipped', 'Order VC0123456789ABCDEFGH has shipped'],
    ['delivered', 'Order VC0123456789ABCDEFGH delivered'],
    ['cancelled', 'Order VC0123456789ABCDEFGH cancelled'],
  ] as const)('%s: "%s"', (kind, subject) => {
    const m = renderMail(kind, data);
    expect(m.subject).toBe(`${subject} – Volt & Co`);
    expect(m.text.startsWith('Hello,\n')).toBe(true);
    expect(m.html).toContain('<!doctype html>');
  });

  it('names the refunded amount', () => {
    const m = renderMail('refunded', {
      ...data,
      order: { ...data.order, refundPaise: 50_000, reason: 'Late' },
    });
    expect(m.subject).toBe('Refund of ₹500 for order VC0123456789ABCDEFGH – Volt & Co');
    expect(m.text).toContain('Reason: Late');
    expect(m.text).toContain('to your original payment method');
    const cod = renderMail('refunded', {
      ...data,
      order: { ...data.order, online: false, refundPaise: 50_000 },
    });
    expect(cod.text).toContain('You paid in cash on delivery, so it was sent to the UPI ID or bank account');
    expect(cod.text).not.toContain('original payment method');
  });

  describe('return mails', () => {
    const r = {
      ...data,
      order: undefined,
      path: '/profile/orders/VC0123456789ABCDEFGH',
      returnInfo: {
        id: 'VR0123456789ABCDEFGH',
        orderId: 'VC0123456789ABCDEFGH',
        kind: 'refund' as const,
        items: ['1 × Cable <USB-C> (Black)'],
        pickup: { carrier: 'Delhivery', awb: 'DL-77' },
        reason: 'The seal is broken.',
      },
    };
    it.each([
      ['return_requested', 'We received your return request VR0123456789ABCDEFGH', 'within 2 working days'],
      ['return_approved', 'Your return request VR0123456789ABCDEFGH is approved', 'AWB number: DL-77'],
      [
        'return_rejected',
        'Your return request VR0123456789ABCDEFGH was not accepted',
        'Reason: The seal is broken.',
      ],
    ] as const)('%s: "%s"', (kind, subject, says) => {
      const m = renderMail(kind, r);
      expect(m.subject).toBe(`${subject} – Volt & Co`);
      expect(m.text).toContain(says);
      expect(m.text).toContain('- 1 × Cable <USB-C> (Black)');
      expect(m.text).toContain(
        'View your order: https://shop.example.in/profile/orders/VC0123456789ABCDEFGH',
      );
      expect(m.html).toContain('Cable &lt;USB-C&gt;');
    });

    it('says what a dearer replacement costs on delivery', () => {
      const m = renderMail('replacement_shipped', {
        ...r,
        returnInfo: { ...r.returnInfo, kind: 'replacement', replacementOrderId: 'VCZZZ', toPayPaise: 25_000 },
      });
      expect(m.subject).toBe('Your replacement for order VC0123456789ABCDEFGH is on its way – Volt & Co');
      expect(m.text).toContain('You pay ₹250 in cash on its delivery');
    });
  });
});

describe('greetingName', () => {
  it('greets by a plain first name, cut at the first space, and echoes nothing else', () => {
    const table: [string, string | null][] = [
      ['Asha Rao', 'Asha'],
      ['  Ravi  ', 'Ravi'],
      ["D'Souza Anil", "D'Souza"],
      ['Jean-Luc Picard', 'Jean-Luc'],
      ['सुनीता शर्मा', 'सुनीता'],
      ['Your account is LOCKED. Verify now at https://evil.example', 'Your'],
      ['https://evil.example', null],
      ['evil.example', null],
      ['<b>Ravi</b>', null],
      ['A'.repeat(31), null],
      ['', null],
    ];
    for (const [name, want] of table) expect(greetingName(name), name).toBe(want);
  });
});
