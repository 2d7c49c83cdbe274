// Covers: the SMS provider slot (lib/sms/sms-provider.ts) against a local stand-in of a generic Indian SMS
// gateway (form POST in, JSON out, as such gateways answer): the request's fields, a success's message id, a
// refusal's reason, a number that is not an Indian mobile refused before any request, and the simulator's log.

import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createSmsProvider, GatewaySms, indianMobile, SimulatorSms } from '../src/lib/sms/sms-provider';

let server: Server;
let url: string;
const received: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      res.setHeader('content-type', 'application/json');
      if (form.get('apikey') !== 'test-key') {
        res.end(
          JSON.stringify({ status: 'failure', errors: [{ code: 3, message: 'Invalid login details' }] }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          status: 'success',
          balance: 1180,
          batch_id: 123456789,
          num_messages: 1,
          message: { num_parts: 1, sender: form.get('sender'), content: form.get('message') },
          messages: [{ id: '1151970558', recipient: Number(form.get('numbers')) }],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api2/send/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Indian mobile numbers', () => {
  it('accepts 10 digits from 6 to 9, with +91, 91 or 0 in front', () => {
    const table: [string, string | null][] = [
      ['9876543210', '9876543210'],
      ['+91 98765 43210', '9876543210'],
      ['09876543210', '9876543210'],
      ['919876543210', '9876543210'],
      ['5876543210', null],
      ['98765', null],
    ];
    for (const [input, want] of table) expect(indianMobile(input)).toBe(want);
  });
});

describe('gateway', () => {
  it('posts the key, the sender id, the number with 91 and the text; answers the message id', async () => {
    const sms = new GatewaySms(url, 'test-key', 'VLTCRT');
    expect(await sms.send('+91 98765 43210', 'Your Voltcart sign-in code is 123456')).toBe('1151970558');
    const form = received.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({
      apikey: 'test-key',
      sender: 'VLTCRT',
      numbers: '919876543210',
      message: 'Your Voltcart sign-in code is 123456',
    });
  });

  it("throws the gateway's reason when it refuses, and sends nothing for a bad number", async () => {
    await expect(new GatewaySms(url, 'wrong-key', 'VLTCRT').send('9876543210', 'x')).rejects.toThrow(
      'The SMS gateway refused the message: Invalid login details',
    );
    const before = received.length;
    await expect(new GatewaySms(url, 'test-key', 'VLTCRT').send('12345', 'x')).rejects.toThrow(
      /Not an Indian mobile/,
    );
    expect(received.length).toBe(before);
  });

  it('is chosen when configured; the simulator otherwise, which writes the message to its log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vc-sms-'));
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir };
    expect(createSmsProvider(loadConfig({ ...base, SMS_GATEWAY_URL: url, SMS_API_KEY: 'k' })).kind).toBe(
      'gateway',
    );
    const sim = createSmsProvider(loadConfig(base));
    expect(sim).toBeInstanceOf(SimulatorSms);
    await sim.send('9876543210', 'Your code is 654321');
    expect(await readFile(join(dir, 'sms', 'messages.log'), 'utf8')).toMatch(
      /\+919876543210 Your code is 654321\n$/,
    );
  });
});
