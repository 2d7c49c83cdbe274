import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Config, SIMULATOR_SECRET } from '../../config';
import { PaymentError, signatureSecrets } from './payment-provider';
import { toPaymentError } from './razorpay';
import {
  paymentSignature,
  sameSignature,
  verifyPaymentSignature,
  verifyWebhookSignature,
} from './signatures';

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('payment signatures', () => {
  it('signs `<order id>|<payment id>` with the key secret, as Razorpay documents', () => {
    expect(paymentSignature('s3cret', 'order_A', 'pay_B')).toBe(hmac('s3cret', 'order_A|pay_B'));
    expect(verifyPaymentSignature('s3cret', 'order_A', 'pay_B', hmac('s3cret', 'order_A|pay_B'))).toBe(true);
    expect(verifyPaymentSignature('s3cret', 'order_A', 'pay_C', hmac('s3cret', 'order_A|pay_B'))).toBe(false);
    expect(verifyPaymentSignature('other', 'order_A', 'pay_B', hmac('s3cret', 'order_A|pay_B'))).toBe(false);
  });

  it.each([
    ['a shorter string', 'abc'],
    ['a number', 42],
    ['nothing', undefined],
    ['an empty string', ''],
  ])('refuses %s as a signature without throwing', (_n, received) => {
    expect(sameSignature(hmac('k', 'x'), received)).toBe(false);
  });

  it('verifies a webhook over the exact bytes only', () => {
    const raw = '{"event": "payment.captured",\n "payload": {}}';
    const sig = hmac('wh', raw);
    expect(verifyWebhookSignature('wh', raw, sig)).toBe(true);
    expect(verifyWebhookSignature('wh', Buffer.from(raw), sig.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature('wh', JSON.stringify(JSON.parse(raw)), sig)).toBe(false);
  });
});

describe('signature secrets from the configuration', () => {
  const config = (over: Partial<Config>) => ({ NODE_ENV: 'development', ...over }) as Config;
  it('uses the simulator secret without keys, and it signs webhooks too outside production', () => {
    expect(signatureSecrets(config({}))).toEqual({
      keySecret: SIMULATOR_SECRET,
      webhookSecret: SIMULATOR_SECRET,
    });
  });
  it('prefers the webhook secret, and has none in production without one', () => {
    expect(signatureSecrets(config({ RAZORPAY_KEY_SECRET: 'k', RAZORPAY_WEBHOOK_SECRET: 'w' }))).toEqual({
      keySecret: 'k',
      webhookSecret: 'w',
    });
    expect(
      signatureSecrets(config({ NODE_ENV: 'production', RAZORPAY_KEY_SECRET: 'k' })).webhookSecret,
    ).toBeNull();
  });
});

describe('Razorpay SDK errors', () => {
  it('turns the plain objects and TypeErrors the SDK throws into PaymentErrors', () => {
    const rejected = toPaymentError({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Auth failed' },
    });
    expect(rejected).toBeInstanceOf(PaymentError);
    expect(rejected).toMatchObject({ reason: 'rejected', statusCode: 401 });
    expect(rejected.message).toMatch(/401.*Auth failed/);
    expect(toPaymentError({ statusCode: 502 }).reason).toBe('unavailable');
    const network = toPaymentError(new TypeError("Cannot read properties of undefined (reading 'status')"));
    expect(network).toMatchObject({ reason: 'unavailable' });
    const timeout = new PaymentError('timeout', 'slow');
    expect(toPaymentError(timeout)).toBe(timeout);
  });
});
