import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SIMULATOR_SECRET } from '../../src/config';
import { paymentSignature } from '../../src/lib/payments/signatures';
import type { RouteEntry } from '../../src/lib/route-table';
import { randomName } from '../../src/lib/storage';
import { totpCode } from '../../src/lib/totp';
import { issueInvoice } from '../../src/modules/invoice/invoice.service';
import { ensureVariants } from '../../src/modules/product/product-variant.service';
import { reminderToken } from '../../src/modules/reminder/reminder.service';
import { file } from '../support';
import { validImage } from './files';
import {
  ACCOUNT_PASSWORD,
  type Account,
  fillPath,
  makeAccount,
  type ReqOptions,
  type SecurityContext,
} from './harness';

/**
 * A small shop built straight into the database: one of everything a route can point at, owned by
 * `owner`, plus a second shopper (`other`) who owns the same kinds of things. Building it by SQL keeps
 * the suites independent of the create endpoints they attack.
 */
export interface World {
  admin: Account;
  /** Owners in the middle of enrolling in two-step sign-in, and enrolled, with their TOTP secrets. */
  enrolling: Account & { secret: string };
  enrolled: Account & { secret: string };
  /** A staff member with the Catalogue role (the staff routes change them). */
  staffMember: Account;
  owner: Account;
  other: Account;
  category: number;
  /** A category no product uses (deletable). */
  emptyCategory: number;
  color: number;
  /** A colour no product uses (deletable). */
  spareColor: number;
  product: number;
  /** A variant of the product without stock (deletable); the product's 512 GB combination is not sold yet. */
  variant: number;
  productSlug: string;
  imageFile: string;
  address: number;
  cartLine: number;
  /** A cash-on-delivery order in state `placed`. */
  order: string;
  /** An online order waiting for payment, with its Razorpay order id. */
  pendingOrder: string;
  /** An online order paid through the simulator, with its tax invoice (refunds, the invoice PDF). */
  paidOrder: string;
  /** A cash-on-delivery order in state `shipped` (tracking corrections), its courier booked (label, tracking). */
  shippedOrder: string;
  /** A mail of the cash-on-delivery order (staff resend). */
  mail: number;
  pendingRazorpayId: string;
  otherAddress: number;
  otherCartLine: number;
  otherOrder: string;
  /** A delivered cash-on-delivery order with nothing returned yet, and its line. */
  deliveredOrder: string;
  deliveredLine: number;
  /** A delivered cash-on-delivery order of the carrier Delhivery with this AWB, not remitted (COD remittances). */
  codAwb: string;
  /** Return requests of the owner's delivered orders, one per state a staff move starts from. */
  returns: {
    requested: string;
    approved: string;
    approvedLine: number;
    received: string;
    replacement: string;
  };
  /** The world's catalogue as the CSV export gives it (importing it changes nothing). */
  catalogCsv: string;
  /** A previewed import of that file, ready to apply. */
  catalogImport: string;
  /** The other shopper's approved review of the product (the owner received the product: a delivered order). */
  review: number;
  /** A discount code no order has used (deletable). */
  promotion: string;
  /** The "Stop reminder mails" link's token of the other shopper (as a reminder mail carries it). */
  reminderStop: string;
}

const ADDRESS = {
  adressLine1: '12 MG Road',
  adressLine2: 'Floor 2',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '9876543210',
};
export const shippingAddress = () => ({ ...ADDRESS });

// The API's own order id format: 'VC' + 18 Crockford base32 characters.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const publicId = () => `VC${[...randomBytes(18)].map((b) => ALPHABET[b & 31]).join('')}`;

export async function buildWorld(sc: SecurityContext): Promise<World> {
  const db = sc.db;
  const tag = randomBytes(4).toString('hex');
  const [admin, owner, other] = [
    await makeAccount(sc, 'admin'),
    await makeAccount(sc, 'customer', 'owner'),
    await makeAccount(sc, 'customer', 'other'),
  ];
  const staffMember = await makeAccount(sc, 'admin', 'catalogue', 'catalogue');
  const insertId = (r: { insertId?: bigint }) => Number(r.insertId);

  const category = insertId(
    await db
      .insertInto('categories')
      .values({ name: `Phones ${tag}`, slug: `phones-${tag}` })
      .executeTakeFirstOrThrow(),
  );
  const emptyCategory = insertId(
    await db
      .insertInto('categories')
      .values({ name: `Empty ${tag}`, slug: `empty-${tag}` })
      .executeTakeFirstOrThrow(),
  );
  const color = insertId(
    await db
      .insertInto('colors')
      .values({ name: `Black ${tag}`, slug: `black-${tag}`, hexcode: '#000000' })
      .executeTakeFirstOrThrow(),
  );
  const spareColor = insertId(
    await db
      .insertInto('colors')
      .values({ name: `Spare ${tag}`, slug: `spare-${tag}`, hexcode: '#123456' })
      .executeTakeFirstOrThrow(),
  );

  // A real picture on disk, so that image routes find the file they are pointed at.
  const imageFile = `${randomName()}.webp`;
  const bytes = await validImage('webp', 32);
  await mkdir(join(sc.uploadDir, 'product'), { recursive: true });
  await writeFile(join(sc.uploadDir, 'product', imageFile), bytes);
  await writeFile(join(sc.uploadDir, 'product', imageFile.replace('.webp', '-sm.webp')), bytes);
  await mkdir(join(sc.uploadDir, 'returns'), { recursive: true });
  await writeFile(join(sc.uploadDir, 'returns', imageFile), bytes);
  await mkdir(join(sc.uploadDir, 'categories'), { recursive: true });
  await writeFile(join(sc.uploadDir, 'categories', imageFile), bytes);
  await db.updateTable('categories').set({ image: imageFile }).where('id', '=', category).execute();

  const productSlug = `phone-${tag}`;
  const product = insertId(
    await db
      .insertInto('products')
      .values({
        name: `Phone ${tag}`,
        slug: productSlug,
        sku: `SKU-${tag}`,
        brand: 'Voltcart',
        original_price: 2_000_000,
        discount_percentage: 10,
        final_price: 1_800_000,
        thumbnail: imageFile,
        category_id: category,
        stock: 1000,
        short_description: 'A phone',
        long_description: 'A phone for tests',
      })
      .executeTakeFirstOrThrow(),
  );
  await db.insertInto('product_colors').values({ product_id: product, color_id: color }).execute();
  await db
    .insertInto('product_memory')
    .values([128, 256, 512].map((size_gb, position) => ({ product_id: product, size_gb, position })))
    .execute();
  await ensureVariants(db);
  const [, empty, unsold] = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', product)
    .orderBy('position')
    .execute();
  const variant = Number(empty!.id);
  await db.deleteFrom('product_variants').where('id', '=', unsold!.id).execute();
  await db.insertInto('product_images').values({ product_id: product, file: imageFile }).execute();

  const own = async (user: Account) => {
    const address = insertId(
      await db
        .insertInto('addresses')
        .values({
          user_id: user.id,
          adress_line1: ADDRESS.adressLine1,
          adress_line2: ADDRESS.adressLine2,
          city: ADDRESS.city,
          state: ADDRESS.state,
          postal_code: ADDRESS.postalCode,
          country: ADDRESS.country,
          contact: ADDRESS.contact,
        })
        .executeTakeFirstOrThrow(),
    );
    const cartLine = insertId(
      await db
        .insertInto('cart_lines')
        .values({ user_id: user.id, product_id: product, color_id: color, memory_size: 128, qty: 1 })
        .executeTakeFirstOrThrow(),
    );
    const order = async (state: string, mode: number, razorpay: string | null, paid = false) => {
      const id = publicId();
      const orderRow = insertId(
        await db
          .insertInto('orders')
          .values({
            public_id: id,
            user_id: user.id,
            state,
            payment_mode: mode,
            total_paise: 1_800_000,
            original_total_paise: 2_000_000,
            razorpay_order_id: razorpay,
            ship_adress_line1: ADDRESS.adressLine1,
            ship_city: ADDRESS.city,
            ship_state: ADDRESS.state,
            ship_postal_code: ADDRESS.postalCode,
            ship_country: ADDRESS.country,
            ship_contact: ADDRESS.contact,
            expires_at: mode === 1 ? new Date(Date.now() + 3_600_000) : null,
            ...(paid
              ? { paid_at: new Date(), razorpay_payment_id: `pay_sim_${randomBytes(6).toString('hex')}` }
              : {}),
          })
          .executeTakeFirstOrThrow(),
      );
      await db
        .insertInto('order_lines')
        .values({
          order_id: orderRow,
          product_id: product,
          name: `Phone ${tag}`,
          color_id: color,
          color_name: 'Black',
          memory_size: 128,
          unit_price_paise: 1_800_000,
          unit_original_paise: 2_000_000,
          qty: 1,
          thumbnail: imageFile,
        })
        .execute();
      return id;
    };
    const razorpay = `order_sim_${randomBytes(9).toString('hex')}`;
    const paid = await order('paid', 1, `order_sim_${randomBytes(9).toString('hex')}`, true);
    const paidRow = await db
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', paid)
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => issueInvoice(trx, sc.config, paidRow, user.email));
    const placed = await order('placed', 0, null);
    const shipped = await order('shipped', 0, null);
    // Booked through the courier simulator the security context runs (its label, tracking).
    await db
      .insertInto('courier_shipments')
      .values({
        order_id: (
          await db
            .selectFrom('orders')
            .select('id')
            .where('public_id', '=', shipped)
            .executeTakeFirstOrThrow()
        ).id,
        provider: 'simulator',
        state: 'booked',
        awb: `SIM${randomBytes(5).toString('hex')}`,
        courier_name: 'Simulated Surface',
        weight_grams: 500,
        label_pdf: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
      })
      .execute();
    const placedRow = await db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', placed)
      .executeTakeFirstOrThrow();
    const mail = insertId(
      await db
        .insertInto('outbox')
        .values({
          message_id: `<${randomBytes(8).toString('hex')}@voltcart.test>`,
          kind: 'order_placed',
          recipient: user.email,
          subject: 'Order placed',
          text_body: 'Thank you.',
          html_body: '<p>Thank you.</p>',
          order_id: placedRow.id,
        })
        .executeTakeFirstOrThrow(),
    );
    const lineOf = async (orderId: string) => {
      const r = await db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.id', 'o.id as order_row'])
        .where('o.public_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return { line: Number(r.id), order: Number(r.order_row) };
    };
    // A request on a delivered order of its own (one open request per line), in the state a move starts from.
    const returnIn = async (state: string, kind: 'refund' | 'replacement') => {
      const { line, order: orderRow } = await lineOf(await order('delivered', 0, null));
      const id = `VR${[...randomBytes(18)].map((b) => ALPHABET[b & 31]).join('')}`;
      const request = insertId(
        await db
          .insertInto('return_requests')
          .values({
            public_id: id,
            order_id: orderRow,
            kind,
            state,
            reason: 'defective',
            reject_reason: null,
            pickup_carrier: state === 'requested' ? null : 'Delhivery',
            pickup_awb: state === 'requested' ? null : 'AWB-1',
            refund_method: kind === 'refund' ? 'upi' : 'gateway',
            upi_id: kind === 'refund' ? 'asha.k@okicici' : null,
            bank_account: null,
            bank_ifsc: null,
            account_name: null,
            refund_id: null,
            replacement_order_id: null,
            notice: null,
          })
          .executeTakeFirstOrThrow(),
      );
      const received = state === 'received';
      await db
        .insertInto('return_lines')
        .values({
          request_id: request,
          order_line_id: line,
          qty: 1,
          open: 1,
          sellable: received ? 1 : null,
          damaged: received ? 0 : null,
          replacement_variant_id: null,
          share_paise: 1_800_000,
        })
        .execute();
      return { id, line };
    };
    const delivered = await order('delivered', 0, null);
    const approved = await returnIn('approved', 'refund');
    const returns = {
      requested: (await returnIn('requested', 'refund')).id,
      approved: approved.id,
      approvedLine: approved.line,
      received: (await returnIn('received', 'refund')).id,
      replacement: (await returnIn('received', 'replacement')).id,
    };
    return {
      address,
      cartLine,
      mail,
      delivered,
      deliveredLine: (await lineOf(delivered)).line,
      returns,
      order: placed,
      shipped,
      pending: await order('pending_payment', 1, razorpay),
      paid,
      razorpay,
    };
  };
  const mine = await own(owner);
  const theirs = await own(other);
  const delivered = insertId(
    await db
      .insertInto('orders')
      .values({
        public_id: publicId(),
        user_id: owner.id,
        state: 'delivered',
        payment_mode: 0,
        total_paise: 1_800_000,
        original_total_paise: 2_000_000,
        razorpay_order_id: null,
        carrier: 'Delhivery',
        tracking_number: `SEC${tag}`,
        ship_adress_line1: ADDRESS.adressLine1,
        ship_city: ADDRESS.city,
        ship_state: ADDRESS.state,
        ship_postal_code: ADDRESS.postalCode,
        ship_country: ADDRESS.country,
        expires_at: null,
        paid_at: new Date(),
      })
      .executeTakeFirstOrThrow(),
  );
  await db
    .insertInto('order_lines')
    .values({
      order_id: delivered,
      product_id: product,
      name: `Phone ${tag}`,
      unit_price_paise: 1_800_000,
      unit_original_paise: 2_000_000,
      qty: 1,
      color_name: null,
    })
    .execute();
  const review = insertId(
    await db
      .insertInto('reviews')
      .values({
        product_id: product,
        user_id: other.id,
        rating: 4,
        title: 'Good',
        body: 'Works well.',
        status: 'approved',
      })
      .executeTakeFirstOrThrow(),
  );
  const catalogCsv = (await sc.req('GET', '/catalog/export', { token: admin.token })).text;
  const importForm = new FormData();
  importForm.append('file', file(new TextEncoder().encode(catalogCsv), 'catalogue.csv', 'text/csv'));
  const preview = await sc.req('POST', '/catalog/import', { token: admin.token, form: importForm });
  const enrol = async (finish: boolean) => {
    const a = await makeAccount(sc, 'admin', finish ? 'enrolled' : 'enrolling');
    const { secret } = (await sc.req('POST', '/admin/two-step/setup', { token: a.token })).body;
    if (finish) await sc.req('POST', '/admin/two-step', { token: a.token, body: { code: totpCode(secret) } });
    return { ...a, secret: secret as string };
  };
  const [enrolling, enrolled] = [await enrol(false), await enrol(true)];
  const promotion = await sc.req('POST', '/promotion', {
    token: admin.token,
    body: {
      name: 'World code',
      kind: 'code',
      code: `W${randomBytes(4).toString('hex')}`,
      action: 'amount',
      amount: 100,
    },
  });
  return {
    promotion: String(promotion.body.promotion._id),
    reminderStop: reminderToken(sc.config, other.id),
    admin,
    enrolling,
    enrolled,
    staffMember,
    owner,
    other,
    category,
    emptyCategory,
    color,
    spareColor,
    product,
    variant,
    productSlug,
    imageFile,
    address: mine.address,
    cartLine: mine.cartLine,
    order: mine.order,
    pendingOrder: mine.pending,
    paidOrder: mine.paid,
    shippedOrder: mine.shipped,
    mail: mine.mail,
    pendingRazorpayId: mine.razorpay,
    otherAddress: theirs.address,
    otherCartLine: theirs.cartLine,
    otherOrder: theirs.order,
    deliveredOrder: mine.delivered,
    deliveredLine: mine.deliveredLine,
    codAwb: `SEC${tag}`,
    returns: mine.returns,
    catalogCsv,
    catalogImport: String(preview.body.import._id),
    review,
  };
}

/**
 * The value for a path parameter of a route, pointing at the world's (owner's) objects.
 * A parameter this function does not know fails loudly: a new route needs a line here.
 */
export function paramValue(route: RouteEntry, param: string, w: World): string {
  const section = route.path.split('/')[1] ?? '';
  const p = param.toLowerCase();
  if (p.includes('order')) {
    if (route.path.endsWith('/returns')) return w.deliveredOrder;
    if (/\/(invoice|refund)$/.test(route.path)) return w.paidOrder;
    if (route.path.endsWith('/pay')) return w.pendingOrder;
    if (route.path.endsWith('/tracking')) return w.shippedOrder;
    if (/\/courier\/(label|track)$/.test(route.path)) return w.shippedOrder;
    return w.order;
  }
  if (p === 'returnid') {
    if (route.path.endsWith('/receive')) return w.returns.approved;
    if (route.path.endsWith('/refund')) return w.returns.received;
    if (route.path.endsWith('/replace')) return w.returns.replacement;
    return w.returns.requested;
  }
  if (p === 'categoryid') return String(w.category);
  if (p === 'mailid') return String(w.mail);
  if (p.includes('line')) return String(w.cartLine);
  if (p.includes('address')) return String(w.address);
  if (p === 'variantid') return String(w.variant);
  if (p === 'colorid') return String(w.color);
  // Blocking is sent as an unblock of the owner (validRequest): the owner's token must keep working.
  if (p === 'userid') return String(w.owner.id);
  if (p === 'importid') return w.catalogImport;
  if (p === 'productid') return String(w.product);
  if (p === 'reviewid') return String(w.review);
  if (p === 'section' && section === 'reports') return 'b2b';
  if (p === 'pincode') return '560001';
  if (p === 'file' || p === '*') return w.imageFile;
  if (p === 'id' || p === 'slug') {
    if (section === 'category') return String(route.method === 'DELETE' ? w.emptyCategory : w.category);
    if (section === 'color') return String(route.method === 'DELETE' ? w.spareColor : w.color);
    if (section === 'product') return String(w.product);
    if (section === 'admin' && route.path.includes('user')) return String(w.owner.id);
    if (section === 'admin' && route.path.includes('staff')) return String(w.staffMember.id);
    if (section === 'admin' && route.path.includes('order')) return w.order;
    if (section === 'order') return w.order;
    if (section === 'settings') return 'terms';
    if (section === 'promotion') return w.promotion;
    if (section === 'stock') return String(route.path.includes('/variant/') ? w.variant : w.product);
  }
  throw new Error(
    `security fixtures: no value for :${param} of ${route.method} ${route.path} (add one in world.ts)`,
  );
}

export const pathFor = (route: RouteEntry, w: World) => fillPath(route.path, (p) => paramValue(route, p, w));

export interface RouteRequest extends ReqOptions {
  /** Query string (with '?') appended to the path. */
  query?: string;
  /** True when the request points at something the world's owner owns (used for cross-account cases). */
  ownerObjects?: boolean;
}

/**
 * A request that succeeds for the route's own role on a fresh world: the access cases send it with
 * bad tokens, so that only the token can be the reason for a refusal.
 */
export async function validRequest(route: RouteEntry, w: World): Promise<RouteRequest> {
  // Keyed by method and path with parameter names erased: a renamed parameter keeps its request.
  const key = `${route.method} ${route.path.replace(/:\w+(\{[^}]*\})?\??/g, ':p')}`;
  const png = async () => file(await validImage('png', 48), 'photo.png');
  const form = (fields: Record<string, string | File>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const owned = /:(\w*(order|line|address)\w*)/i.test(route.path) && !route.path.startsWith('/admin');
  switch (key) {
    case 'POST /user/register':
      return {
        body: {
          name: 'New Shopper',
          email: `new-${randomBytes(4).toString('hex')}@example.com`,
          password: 'new-pass-123',
        },
      };
    case 'POST /user/login':
      return { body: { email: w.owner.email, password: ACCOUNT_PASSWORD } };
    case 'POST /admin/login':
      return { body: { email: w.admin.email, password: ACCOUNT_PASSWORD } };
    case 'POST /newsletter/subscribe':
      return { body: { email: `news-${randomBytes(4).toString('hex')}@example.com` } };
    case 'POST /order/webhook/razorpay':
      return {
        body: {
          entity: 'event',
          event: 'payment.captured',
          payload: {
            payment: {
              entity: {
                id: `pay_${randomBytes(6).toString('hex')}`,
                order_id: w.pendingRazorpayId,
                amount: 1_800_000,
              },
            },
          },
        },
      };
    case 'PUT /settings/pages/:p':
      return { body: { body: `Our terms ${randomBytes(2).toString('hex')}` } };
    case 'POST /user/add-address':
      return { body: { shipping_address: shippingAddress() } };
    case 'PUT /user/address/:p':
      return { body: { shipping_address: shippingAddress() }, ownerObjects: true };
    case 'POST /category/create':
      return { form: form({ name: `Cat ${randomBytes(3).toString('hex')}`, Image: await png() }) };
    case 'PUT /category/update/:p':
      return { form: form({ name: `Renamed ${randomBytes(3).toString('hex')}` }) };
    case 'POST /color/create':
      return { body: { name: `Red ${randomBytes(3).toString('hex')}`, hexcode: '#ff0000' } };
    case 'PUT /color/update/:p':
      return { body: { name: `Dark ${randomBytes(3).toString('hex')}`, hexcode: '#111111' } };
    case 'POST /product/create':
      return {
        form: form({
          name: `Tablet ${randomBytes(3).toString('hex')}`,
          originalPrice: '25000',
          discountPercentage: '10',
          categoryId: String(w.category),
          colors: JSON.stringify([String(w.color)]),
          memorySizes: '[64]',
          memoryPriceAdj: '[0]',
          stock: '5',
          thumbnail: await png(),
        }),
      };
    case 'PUT /product/update/:p':
      return { form: form({ name: `Phone renamed ${randomBytes(3).toString('hex')}`, brand: 'Voltcart' }) };
    case 'PATCH /product/status/:p':
      return { body: { flag: 1 } };
    case 'PATCH /product/multiple-images/:p':
      return { form: form({ images: await png() }) };
    case 'POST /product/:p/variants':
      return { body: { colorId: String(w.color), memorySize: 512, stock: 2 } };
    case 'PUT /product/:p/variants/:p':
      return { body: { enabled: false } };
    case 'PATCH /product/:p/variants/stock':
      return { body: { changes: [{ variantId: String(w.variant), stock: 3, expectedStock: 0 }] } };
    case 'PATCH /product/:p/color-images/:p':
      return { form: form({ images: await png() }) };
    case 'POST /product/match-images':
      return { body: { names: ['phone.jpg', 'phone-2.jpg'] } };
    case 'POST /cart/add-to-cart':
      return { body: { productId: String(w.product), qty: 1, colorId: String(w.color), memorySize: 128 } };
    case 'POST /cart/move-to-db':
      return { body: { cart: [{ productId: String(w.product), qty: 2 }] } };
    case 'PATCH /cart/line/:p':
      return { body: { qty: 2 }, ownerObjects: true };
    case 'PUT /settings':
      return {
        body: { shopName: `Voltcart ${randomBytes(2).toString('hex')}`, freeShippingThreshold: 1500 },
      };
    case 'POST /order/place-order':
      return { body: { payment_mode: 0, shipping_details: shippingAddress(), notes: 'ring the bell' } };
    case 'POST /order/success': {
      const paymentId = `pay_sim_${randomBytes(6).toString('hex')}`;
      return {
        body: {
          order_id: w.pendingOrder,
          razorpay_response: {
            razorpay_order_id: w.pendingRazorpayId,
            razorpay_payment_id: paymentId,
            razorpay_signature: paymentSignature(SIMULATOR_SECRET, w.pendingRazorpayId, paymentId),
          },
        },
        ownerObjects: true,
      };
    }
    case 'POST /order/payment-failed':
      return { body: { order_id: w.pendingOrder, reason: 'card declined' }, ownerObjects: true };
    case 'POST /order/simulator/sign':
      return { body: { order_id: w.pendingOrder, outcome: 'success' }, ownerObjects: true };
    case 'POST /order/bulk-ship':
      return { body: { csv: 'order id,carrier,tracking number\nVC00000000000000000Z,Delhivery,DLV1' } };
    case 'PATCH /order/status/:p':
      return { body: { state: 'shipped' } };
    case 'POST /order/:p/refund':
      return { body: { amount: 1, reason: 'Goodwill' } };
    case 'POST /order/:p/courier':
      return { body: { lengthCm: 20, breadthCm: 15, heightCm: 10, weightGrams: 600 } };
    case 'PATCH /order/:p/tracking':
      return { body: { carrier: 'Blue Dart', trackingNumber: 'BD-123456' } };
    case 'PUT /settings/tax':
      return {
        body: {
          legalName: 'Voltcart Retail',
          gstin: '29AAGCB7383J1Z4',
          address: 'Bengaluru',
          state: 'Karnataka',
        },
      };
    case 'PUT /delivery/settings':
      return {
        body: {
          zones: [
            {
              name: 'All India',
              states: ['KA', 'MH'],
              pincodes: ['79'],
              bands: [{ fromGrams: 0, toGrams: null, fee: 79 }],
              freeFrom: null,
              cod: true,
              dispatchDays: 1,
              transitMinDays: 2,
              transitMaxDays: 5,
            },
          ],
          cod: { max: 50000, fee: 0, feePercent: 0, blockedPincodes: [] },
          calendar: { cutoff: '14:00', holidays: [] },
        },
      };
    case 'PUT /search/synonyms':
      return { body: { synonyms: [{ term: 'mobile', alternatives: ['phone'] }] } };
    case 'GET /product/suggest':
      return { query: '?q=phone' };
    case 'GET /order/packing-slips':
      return { query: `?ids=${w.order}` };
    case 'POST /admin/password':
      return { body: { currentPassword: ACCOUNT_PASSWORD, password: 'another-pass-123' } };
    case 'POST /admin/two-step':
      return { body: { code: totpCode(w.enrolling.secret) } };
    case 'POST /admin/two-step/disable':
      // The enrolment used this 30-second step's code.
      return { body: { code: totpCode(w.enrolled.secret, Date.now() + 30_000) } };
    case 'PUT /admin/staff-security':
      return { body: { twoStepRequired: false } };
    case 'PATCH /user/profile':
      return { body: { name: 'Renamed Shopper' } };
    case 'PUT /user/reminders':
      return { body: { on: true } };
    case 'POST /user/reminders/stop':
      return { body: { token: w.reminderStop } };
    case 'POST /user/email':
      return {
        body: { email: `moved-${randomBytes(4).toString('hex')}@example.com`, password: ACCOUNT_PASSWORD },
      };
    case 'POST /user/password':
      return { body: { currentPassword: ACCOUNT_PASSWORD, password: 'another-pass-123' } };
    case 'POST /admin/staff':
      return {
        body: {
          name: 'New packer',
          email: `packer-${randomBytes(4).toString('hex')}@sec.example.com`,
          role: 'orders',
        },
      };
    case 'PATCH /admin/staff/:p':
      return { body: { role: 'orders' } };
    case 'POST /catalog/import':
      return {
        form: form({ file: file(new TextEncoder().encode(w.catalogCsv), 'catalogue.csv', 'text/csv') }),
      };
    case 'POST /catalog/products/bulk':
      return { body: { ids: [String(w.product)], action: 'activate' } };
    case 'PUT /admin/users/:p/block':
      return { body: { blocked: false } };
    case 'PUT /admin/addresses/:p/state':
      // The owner's address is in Karnataka (PIN 560001): setting it again changes nothing for other routes.
      return { body: { stateCode: '29' } };
    case 'POST /order/:p/returns':
      return {
        form: form({
          kind: 'refund',
          reason: 'defective',
          lines: JSON.stringify([{ lineId: String(w.deliveredLine), qty: 1 }]),
          upiId: 'asha.k@okicici',
          photos: await png(),
        }),
        ownerObjects: true,
      };
    case 'POST /returns/:p/approve':
      return { body: { carrier: 'Delhivery', awb: 'AWB-2' } };
    case 'POST /returns/:p/reject':
      return { body: { reason: 'The seal is broken.' } };
    case 'POST /returns/:p/receive':
      return { body: { lines: [{ lineId: String(w.returns.approvedLine), sellable: 1, damaged: 0 }] } };
    case 'POST /returns/:p/refund':
      return { body: { reference: 'UPI-REF-1' } };
    case 'PUT /returns/policy':
      return { body: { windowDays: 30, shippingRefund: 'fault' } };
    case 'PUT /returns/policy/categories/:p':
      return { body: { policy: 'returnable' } };
    case 'POST /promotion':
    case 'PUT /promotion/:p':
      return {
        body: {
          name: 'Security code',
          kind: 'code',
          code: `S${randomBytes(4).toString('hex')}`,
          action: 'percent',
          percent: 5,
        },
      };
    case 'POST /promotion/:p/codes':
      return { body: { count: 2 } };
    case 'POST /cart/quote':
      return { body: {} };
    case 'PUT /settings/tax/category/:p':
      return { body: { hsnCode: '8517', gstRate: 18 } };
    case 'POST /review/:p':
      return { body: { rating: 5, title: 'Great phone', text: 'Fast and light.' } };
    case 'POST /stock-alerts':
      return {
        body: { variantId: String(w.variant), email: `wait-${randomBytes(3).toString('hex')}@example.com` },
      };
    case 'POST /wishlist/merge':
      return { body: { items: [{ productId: String(w.product) }] } };
    case 'POST /admin/reviews/:p/reject':
      return { body: { reason: 'Off topic' } };
    case 'PUT /admin/reviews/:p/reply':
      return { body: { reply: 'Thank you!' } };
    case 'PUT /order/:p/serials':
      return { body: { lines: [{ line: 1, serials: ['SN-SECURITY-1'] }] } };
    case 'GET /serials':
      return { query: '?q=SN-SECURITY' };
    case 'GET /reports/sales.csv':
      return { query: '?table=series' };
    case 'PUT /stock/variant/:p/threshold':
      return { body: { threshold: 3 } };
    case 'POST /cod/remittances':
      return {
        body: {
          carrier: 'Delhivery',
          amount: 100,
          remittedOn: '2026-11-01',
          reference: 'UTR-SECURITY',
          fileName: 'awbs.csv',
          awbCsv: `AWB\n${w.codAwb}\n`,
        },
      };
    case 'GET /reports/gst/sales-register':
    case 'GET /reports/gst/gstr1':
    case 'GET /reports/gst/eway-bills':
    case 'GET /reports/gst/gstr1/:p':
      return { query: '?period=2026-11' };
    default:
      return owned ? { ownerObjects: true } : {};
  }
}

/** The staff token a route is sent with when it must succeed: the two-step routes need an account in that state. */
export function adminTokenFor(route: RouteEntry, w: World): string {
  if (route.path === '/admin/two-step') return w.enrolling.token;
  if (route.path === '/admin/two-step/disable') return w.enrolled.token;
  return w.admin.token;
}
