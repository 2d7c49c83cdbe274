import { appendFile, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../../config';

/**
 * Where one-time codes can go. Sign-in codes go by e-mail today (through the outbox); an SMS provider is the slot
 * for shoppers who give a mobile number: an Indian SMS gateway over HTTP, or the simulator in development and
 * tests, as payments have Razorpay and its simulator.
 */
export interface SmsProvider {
  readonly kind: 'gateway' | 'simulator';
  /** Sends one text to a 10-digit Indian mobile number; answers the gateway's message id. Throws when refused. */
  send(mobile: string, text: string): Promise<string>;
}

class SmsError extends Error {}

/** A 10-digit Indian mobile number (6–9 first), with or without +91 / 0 in front. */
export function indianMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').replace(/^(\+91|91|0)(?=\d{10}$)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/**
 * A generic Indian SMS gateway, in the shape most of them share: a form POST of `apikey`, `sender` (the 6-letter
 * DLT-registered header), `numbers` (with the 91 country code) and `message`; a JSON answer
 * `{status: 'success', messages: [{id}]}` or `{status: 'failure', errors: [{code, message}]}`.
 */
export class GatewaySms implements SmsProvider {
  readonly kind = 'gateway';
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly sender: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(mobile: string, text: string): Promise<string> {
    const number = indianMobile(mobile);
    if (!number) throw new SmsError(`Not an Indian mobile number: ${mobile}`);
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        apikey: this.apiKey,
        sender: this.sender,
        numbers: `91${number}`,
        message: text,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as {
      status?: string;
      messages?: { id?: string | number }[];
      errors?: { code?: number; message?: string }[];
    } | null;
    if (!res.ok || body?.status !== 'success' || body.messages?.[0]?.id === undefined) {
      const reason = body?.errors?.[0]?.message ?? `HTTP ${res.status}`;
      throw new SmsError(`The SMS gateway refused the message: ${reason}`);
    }
    return String(body.messages[0].id);
  }
}

/** Development: each message is appended to DATA_DIR/sms/messages.log instead of being sent. */
export class SimulatorSms implements SmsProvider {
  readonly kind = 'simulator';
  private seq = 0;
  constructor(private readonly dir: string) {}

  async send(mobile: string, text: string): Promise<string> {
    const number = indianMobile(mobile);
    if (!number) throw new SmsError(`Not an Indian mobile number: ${mobile}`);
    await mkdir(this.dir, { recursive: true });
    const id = `sim-${Date.now()}-${++this.seq}`;
    await appendFile(
      resolve(this.dir, 'messages.log'),
      `${new Date().toISOString()} ${id} +91${number} ${text}\n`,
    );
    return id;
  }
}

/** The gateway when SMS_GATEWAY_URL and SMS_API_KEY are set, the simulator otherwise. */
export function createSmsProvider(config: Config): SmsProvider {
  if (config.SMS_GATEWAY_URL && config.SMS_API_KEY)
    return new GatewaySms(config.SMS_GATEWAY_URL, config.SMS_API_KEY, config.SMS_SENDER);
  return new SimulatorSms(resolve(config.DATA_DIR, 'sms'));
}
