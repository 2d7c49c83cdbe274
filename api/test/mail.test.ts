// Covers the mail outbox end to end with a real SMTP server (smtp-server) that parses what it receives
// (mailparser): the confirmation of a cash-on-delivery order and the welcome mail, a mail server that is down
// (the order is placed all the same, the mail goes out once the server is back), an API killed between
// committing an order and sending its mail (a fresh sender on the same database sends it, once), a sender
// that died holding a mail (its lease runs out, another sends it, once), the sender the API starts with its
// services, a mail refused for good (given up at once), and two senders at once (each mail once).
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger';
import * as mailRepo from '../src/modules/mail/mail.repository';
import { createMailTransport } from '../src/modules/mail/mail-transport';
import { OutboxSender, type SenderOptions } from '../src/modules/mail/outbox-sender';
import { expireUnpaidOrders } from '../src/modules/order/order-lifecycle.service';
import { createServices } from '../src/services';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, type Shopper, shopper } from './order-fixtures';
import { freePort, sleep, waitFor } from './support';

/** A real SMTP server on a fixed port that can be stopped and started again; keeps every mail it accepted. */
class Mailbox {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      // The package's defaults otherwise: STARTTLS offered with its built-in (self-signed, expired) certificate,
      // and AUTH required (after STARTTLS) with the credentials of SMTP_URL.
      logger: false,
      // A mailbox that does not exist: refused for good (550).
      onRcptTo: (address, _session, done) => {
        if (address.address.startsWith('nobody-')) {
          done(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        } else done();
      },
      onAuth: (auth, _session, done) => {
        if (auth.username === 'shop' && auth.password === 's3cret') done(null, { user: auth.username });
        else done(new Error('Invalid username or password'));
      },
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((m) => {
            this.mails.push(m);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)),
    );
  }
}

let ctx: TestContext;
let mailbox: Mailbox;
const senders: OutboxSender[] = [];

const FAST: SenderOptions = { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 };
const newSender = (opts: SenderOptions = {}) => {
  const s = new OutboxSender(ctx.db, createMailTransport(ctx.config), createLogger('silent'), {
    ...FAST,
    ...opts,
  });
  senders.push(s);
  return s;
};

beforeAll(async () => {
  mailbox = new Mailbox(await freePort());
  await mailbox.start();
  ctx = await createTestContext({
    SMTP_URL: `smtp://shop:s3cret@127.0.0.1:${mailbox.port}`,
    MAIL_FROM: 'Voltcart Orders <orders@voltcart.test>',
    SHOP_NAME: 'Voltcart Test Shop',
    STOREFRONT_URL: 'https://shop.voltcart.test',
  });
});
afterAll(async () => {
  for (const s of senders) await s.stop();
  await mailbox.stop();
  await ctx.close();
});

/** A registered shopper with one product in the cart, who places a cash-on-delivery order. */
async function placeCodOrder(s?: Shopper): Promise<{ shopper: Shopper; orderId: string; total: number }> {
  const who = s ?? (await shopper(ctx, 'Asha Rao'));
  const p = await makeProduct(ctx.db, { name: 'Pixel Charger', price: 1499.5, stock: 50 });
  await addToCart(ctx.db, who.id, p.id, 2);
  const r = await ctx.req('POST', '/order/place-order', { token: who.token, body: orderBody(0) });
  expect(r.status).toBe(201);
  return { shopper: who, orderId: r.body.order_id, total: r.body.order_total };
}

const outboxOf = (publicId: string) =>
  ctx.db
    .selectFrom('outbox')
    .innerJoin('orders', 'orders.id', 'outbox.order_id')
    .selectAll('outbox')
    .where('orders.public_id', '=', publicId)
    .execute();

describe('mail over SMTP', () => {
  it('sends the cash-on-delivery confirmation in the shop name, with the lines, total and order link', async () => {
    const { shopper: s, orderId } = await placeCodOrder();
    const [row] = await outboxOf(orderId);
    expect(row).toMatchObject({ kind: 'order_placed', recipient: s.email, sent_at: null });

    expect(await newSender().drain()).toBeGreaterThanOrEqual(1);
    const mails = mailbox.to(s.email);
    const placed = mails.find((m) => m.subject?.startsWith(`Order ${orderId} placed`));
    expect(placed?.subject).toBe(`Order ${orderId} placed (cash on delivery) – Voltcart Test Shop`);
    expect(placed?.from?.value[0]).toMatchObject({
      name: 'Voltcart Orders',
      address: 'orders@voltcart.test',
    });
    expect(placed?.messageId).toBe(row!.message_id);
    // Mails greet by the first name only.
    expect(placed?.text).toContain('Hello Asha,');
    expect(placed?.text).toContain('2 × Pixel Charger: ₹2,999');
    expect(placed?.text).toContain('Total: ₹2,999');
    expect(placed?.text).toContain(`https://shop.voltcart.test/profile/orders/${orderId}`);
    expect(placed?.html).toContain('<h1 style="font-size:20px">Voltcart Test Shop</h1>');
    // The welcome mail of the sign-up went out too.
    expect(mails.map((m) => m.subject)).toContain('Welcome to Voltcart Test Shop');
    expect((await mailRepo.findMail(ctx.db, row!.id))?.sent_at).toBeInstanceOf(Date);
  });

  it('places the order while the mail server is down, and sends the mail once the server is back', async () => {
    await mailbox.stop();
    const sender = newSender().start();
    const { shopper: s, orderId } = await placeCodOrder();
    await waitFor('a failed attempt', async () => (await outboxOf(orderId))[0]?.attempts, 5000);
    const [failed] = await outboxOf(orderId);
    expect(failed).toMatchObject({ sent_at: null });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await ctx.req('GET', `/order/${orderId}`, { token: s.token })).body.order.state).toBe('placed');

    await mailbox.start();
    await waitFor(
      'the mail',
      async () => mailbox.to(s.email).some((m) => m.subject?.includes(orderId)),
      5000,
    );
    await sleep(300);
    expect(mailbox.to(s.email).filter((m) => m.subject?.includes(orderId))).toHaveLength(1);
    await sender.stop();
  });

  it('sends the mail of an order committed just before the API died, once, from a fresh sender', async () => {
    // No sender runs while the order is placed: the process "died" right after the commit.
    const { shopper: s, orderId } = await placeCodOrder();
    const [row] = await outboxOf(orderId);
    const restarted = newSender();
    await restarted.drain();
    await restarted.drain();
    const got = mailbox.to(s.email).filter((m) => m.subject?.includes(orderId));
    expect(got).toHaveLength(1);
    expect(got[0]!.messageId).toBe(row!.message_id);
  });

  it('sends a mail held by a sender that died once its lease runs out, once, with the same Message-ID', async () => {
    const { shopper: s, orderId } = await placeCodOrder();
    const [row] = await outboxOf(orderId);
    await mailRepo.claim(ctx.db, row!.id, 'dead-sender', 60_000);
    const other = newSender();
    await other.drain();
    expect(mailbox.to(s.email).filter((m) => m.subject?.includes(orderId))).toHaveLength(0);
    // The lease runs out (moved into the past rather than waited for: the test does not depend on timing).
    await ctx.db
      .updateTable('outbox')
      .set({ claimed_until: sql<Date>`NOW(3) - INTERVAL 1 SECOND` })
      .where('id', '=', row!.id)
      .execute();
    await other.drain();
    const got = mailbox.to(s.email).filter((m) => m.subject?.includes(orderId));
    expect(got).toHaveLength(1);
    expect(got[0]!.messageId).toBe(row!.message_id);
  });

  it("is delivered by the API process's own sender, started with its services", async () => {
    const services = await createServices({
      config: ctx.config,
      db: ctx.db,
      logger: createLogger('silent'),
      search: ctx.search,
    });
    try {
      const { shopper: s, orderId } = await placeCodOrder();
      await waitFor(
        'the mail',
        async () => mailbox.to(s.email).some((m) => m.subject?.includes(orderId)),
        8000,
      );
    } finally {
      await services.close();
    }
  });

  it('gives up a mail the server refuses for good (550) at once, and keeps sending the others', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const r = await ctx.req('POST', '/user/register', {
      body: { name: 'Nobody', email, password: 'nobody-pass-1' },
    });
    expect(r.status).toBe(201);
    const { shopper: s, orderId } = await placeCodOrder();
    const sender = newSender();
    await sender.drain();
    const [refused] = await ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).execute();
    expect(refused).toMatchObject({ sent_at: null, attempts: 1 });
    expect(refused!.failed_at).toBeInstanceOf(Date);
    expect(refused!.last_error).toMatch(/550|No such user/);
    expect(mailbox.to(s.email).some((m) => m.subject?.includes(orderId))).toBe(true);
    await sleep(300);
    await sender.drain();
    expect((await mailRepo.findMail(ctx.db, refused!.id))?.attempts).toBe(1);
  });

  it('delivers each mail once when two senders work at the same time', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, () => placeCodOrder()));
    const a = newSender();
    const b = newSender();
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBeGreaterThanOrEqual(16);
    for (const p of placed) {
      const mine = mailbox.to(p.shopper.email);
      expect(mine.filter((m) => m.subject?.includes(p.orderId))).toHaveLength(1);
      expect(mine.filter((m) => m.subject?.startsWith('Welcome'))).toHaveLength(1);
    }
    const ids = mailbox.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const pending = await ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(0);
  });
});

describe('the payment-expiry sweep', () => {
  it('mails the payment-failed message with the Pay now link, and the same order can be paid again', async () => {
    const s = await shopper(ctx, 'Vikram Nair');
    const p = await makeProduct(ctx.db, { name: 'Travel Adapter', price: 899, stock: 5 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order_id as string;
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('public_id', '=', orderId)
      .execute();
    expect(await expireUnpaidOrders(ctx, { config: ctx.config })).toBe(1);
    expect((await outboxOf(orderId)).map((m) => m.kind)).toEqual(['payment_failed']);

    await newSender().drain();
    const mail = mailbox
      .to(s.email)
      .find((m) => m.subject?.startsWith(`Payment failed for order ${orderId}`));
    expect(mail?.text).toContain('Pay now');
    expect(mail?.text).toContain(`https://shop.voltcart.test/profile/orders/${orderId}`);
    const page = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(page.body.order.state).toBe('payment_failed');
    const again = await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token });
    expect(again.status).toBe(200);
    expect(again.body.order_id).toBe(orderId);
  });
});

describe('outbox clean-up', () => {
  it('deletes mails sent more than OUTBOX_KEEP_DAYS ago, in batches, keeping recent, unsent and given-up ones', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push((await placeCodOrder()).orderId);
    const ids: number[] = [];
    for (const id of orders) ids.push((await outboxOf(id))[0]!.id);
    const daysAgo = (d: number) => sql<Date>`NOW(3) - INTERVAL ${d} DAY`;
    const set = (id: number, values: Record<string, unknown>) =>
      ctx.db.updateTable('outbox').set(values).where('id', '=', id).execute();
    const [old1, old2, old3, recent, givenUp] = ids as [number, number, number, number, number];
    for (const id of [old1, old2, old3]) await set(id, { sent_at: daysAgo(40), claimed_until: null });
    await set(recent, { sent_at: daysAgo(29), claimed_until: null });
    await set(givenUp, { sent_at: null, failed_at: daysAgo(40), created_at: daysAgo(41) });

    const sender = newSender({ keepSentDays: 30, cleanupBatch: 2 });
    expect(await sender.cleanUp()).toBe(3);
    const left = await ctx.db.selectFrom('outbox').select('id').where('id', 'in', ids).execute();
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([recent, givenUp]);
    expect(await sender.cleanUp()).toBe(0);
    expect(await newSender({ keepSentDays: 0 }).cleanUp()).toBe(0);
  });
});

describe('mail without SMTP_URL (development)', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and names the file in the log', async () => {
    const { mkdtemp, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = await mkdtemp(join(tmpdir(), 'vc-mail-'));
    const lines: string[] = [];
    const placed = await placeCodOrder();
    const [row] = await outboxOf(placed.orderId);
    const files = new OutboxSender(
      ctx.db,
      createMailTransport({ ...ctx.config, SMTP_URL: undefined, DATA_DIR: dataDir }),
      createLogger('info', (l) => lines.push(l)),
      FAST,
    );
    await files.drain();
    await files.stop();
    const file = join(dataDir, 'mail', `${String(row!.id).padStart(8, '0')}.eml`);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.subject).toContain(`Order ${placed.orderId} placed`);
    expect(parsed.messageId).toBe(row!.message_id);
    expect(lines.some((l) => JSON.parse(l).file === file && JSON.parse(l).msg.includes(file))).toBe(true);
    await rm(dataDir, { recursive: true, force: true });
  });
});
