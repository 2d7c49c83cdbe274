// A local stand-in for Razorpay's HTTP API (api.razorpay.com), for tests that drive the real `razorpay` SDK:
// point the provider's axios instance at `url` (provider.http.defaults.baseURL = standIn.url).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app';
import type { Config } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { createPaymentProvider } from '../src/lib/payments/create-payment-provider';
import type { RazorpayProvider } from '../src/lib/payments/razorpay';
import { LocalStorage } from '../src/lib/storage';
import type { TestContext } from './context';

export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

type Mode = 'ok' | 'reject' | 'error' | 'hang';

/**
 * Records each request and answers as told:
 * - payment methods (`GET /v1/methods`): `methods`, or a 503 when `mode` is 'error'
 * - orders (`POST /orders`): `mode`
 * - refunds (`POST /v1/payments/:id/refund`): `refundMode`; 'processed' and 'pending' answer a refund entity with
 *   that status, 'reject' a 400 BAD_REQUEST_ERROR with `refundError` as its description
 */
export class StandIn {
  server!: Server;
  url = '';
  seen: Seen[] = [];
  mode: Mode = 'ok';
  refundMode: 'processed' | 'pending' | 'reject' | 'error' | 'hang' = 'processed';
  refundError = 'The refund amount provided is greater than amount captured';
  /** What `GET /v1/methods` answers (Razorpay's documented shape, cut to a few banks and methods). */
  methods: Record<string, unknown> = {
    entity: 'methods',
    card: true,
    debit_card: true,
    credit_card: true,
    netbanking: { HDFC: 'HDFC Bank', ICIC: 'ICICI Bank' },
    wallet: { paytm: true },
    upi: true,
    emi: true,
    emi_options: {
      HDFC: [
        { duration: 3, interest: 15, subvention: 'customer', min_amount: 300000, merchant_payback: '3.87' },
        { duration: 6, interest: 15, subvention: 'customer', min_amount: 300000, merchant_payback: '6.97' },
        { duration: 12, interest: 16, subvention: 'customer', min_amount: 300000, merchant_payback: '12.96' },
      ],
      ICIC: [
        { duration: 3, interest: 0, subvention: 'merchant', min_amount: 1000000, merchant_payback: '3.87' },
      ],
      // Not as documented: left out.
      KKBK: [{ duration: '6', interest: 14, min_amount: 300000 }],
    },
  };
  private created = 0;
  private refunds = 0;
  private hanging: ServerResponse[] = [];

  async start() {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      this.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(text || '{}'),
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const b = this.seen.at(-1)!.body;
      if (req.method === 'GET' && (req.url ?? '').startsWith('/v1/methods')) {
        if (this.mode === 'error') return json(503, { error: { code: 'SERVER_ERROR', description: 'Down' } });
        return json(200, this.methods);
      }
      const refund = (req.url ?? '').match(/\/payments\/([^/]+)\/refund$/);
      const mode = refund ? this.refundMode : this.mode;
      if (mode === 'hang') {
        this.hanging.push(res);
        return;
      }
      if (mode === 'reject') {
        const description = refund ? this.refundError : 'Authentication failed';
        return json(400, { error: { code: 'BAD_REQUEST_ERROR', description } });
      }
      if (mode === 'error') return json(503, { error: { code: 'SERVER_ERROR', description: 'Down' } });
      if (refund) {
        return json(200, {
          id: `rfnd_Standin${++this.refunds}`,
          entity: 'refund',
          amount: b.amount,
          currency: 'INR',
          payment_id: refund[1],
          notes: b.notes,
          status: mode,
          speed_processed: 'normal',
          created_at: 1700000000,
        });
      }
      json(200, {
        id: `order_Standin${++this.created}`,
        entity: 'order',
        amount: b.amount,
        amount_paid: 0,
        amount_due: b.amount,
        currency: b.currency,
        receipt: b.receipt,
        status: 'created',
        attempts: 0,
        notes: b.notes,
        created_at: 1700000000,
      });
    });
  }

  /** Answers the requests left hanging (as a 503), so that a test can end. */
  release() {
    for (const r of this.hanging.splice(0)) {
      r.writeHead(503, { 'content-type': 'application/json' });
      r.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'Down' } }));
    }
  }

  async stop() {
    for (const r of this.hanging) r.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

export const STANDIN_KEY_ID = 'rzp_test_standin';
export const STANDIN_KEY_SECRET = 'standin-key-secret';

/**
 * The API with the real Razorpay provider (test keys) and a started stand-in; point the provider at it with
 * `provider.http.defaults.baseURL = standIn.url` (the suites do so before each test) and stop it afterwards.
 */
export async function razorpayApp(ctx: TestContext) {
  const standIn = new StandIn();
  await standIn.start();
  const config: Config = {
    ...ctx.config,
    RAZORPAY_KEY_ID: STANDIN_KEY_ID,
    RAZORPAY_KEY_SECRET: STANDIN_KEY_SECRET,
  };
  const provider = createPaymentProvider(config, createLogger('silent'), {
    timeoutMs: 400,
  }) as RazorpayProvider;
  const app = createApp({
    db: ctx.db,
    config,
    storage: new LocalStorage(ctx.uploadDir),
    search: ctx.search,
    logger: createLogger('silent'),
    services: { payments: provider },
  });
  return { standIn, provider, app };
}
