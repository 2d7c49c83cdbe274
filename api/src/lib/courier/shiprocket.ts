import {
  type BookedShipment,
  CourierError,
  type CourierProvider,
  type ShipmentRequest,
  type Tracking,
} from './courier-provider';

const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';

/** Shiprocket's tokens last 10 days; a fresh one is asked for a day before that (and after any 401). */
const TOKEN_DAYS = 9;
/** Shiprocket's shipment status code of a delivered parcel. */
const DELIVERED = 7;

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** The pickup address's nickname in the Shiprocket panel ("Primary" by default). */
  pickupLocation: string;
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => number;
}

// biome-ignore lint/suspicious/noExplicitAny: Shiprocket's JSON is read field by field and checked as it is read
type Json = Record<string, any>;

const rupees = (paise: number) => Math.round(paise) / 100;

/** A time as Shiprocket writes it: Indian time, "2026-11-29 10:30". */
function istStamp(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

/** "2026-11-29 14:23:18" in Indian time, as Shiprocket's scans carry it; null when it is not one. */
function fromIst(text: unknown): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(String(text ?? ''));
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]!.length === 5 ? `${m[2]}:00` : m[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The words of a Shiprocket error body: its message and, for a 422, each field's complaints. */
function messageOf(body: Json | null, status: number): string {
  const parts: string[] = [];
  if (body && typeof body.message === 'string') parts.push(body.message.trim());
  if (body?.errors && typeof body.errors === 'object') {
    for (const [field, list] of Object.entries(body.errors as Json)) {
      parts.push(`${field}: ${(Array.isArray(list) ? list : [list]).join(' ')}`);
    }
  }
  return parts.filter(Boolean).join(' ') || `Shiprocket answered ${status}.`;
}

const notServed = (text: string) => /serviceab|not serv|no courier/i.test(text);

/**
 * Shiprocket's HTTP API (apiv2.shiprocket.in/v1/external), with the account's API user:
 * - `POST auth/login` gives a bearer token, kept and renewed before its 10 days run out, and once more when a
 *   call answers 401 (expired or revoked) — that call is then repeated once
 * - a booking is three calls: `orders/create/adhoc` (the order and its shipment), `courier/assign/awb` (Shiprocket
 *   picks the courier and gives the AWB) and `courier/generate/label` (a URL of the label PDF, then fetched);
 *   when the AWB cannot be assigned (a pincode no courier serves, a wallet to recharge) the order made is cancelled
 * - `GET courier/track/awb/{awb}` gives the scans (Indian times) and the shipment's status code (7: delivered)
 * - 4xx answers carry `{message, status_code}` and, for a 422, `errors: {field: [text]}`
 */
export class ShiprocketCourier implements CourierProvider {
  readonly kind = 'shiprocket' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingLogin: Promise<string> | null = null;
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly opts: ShiprocketOptions) {
    this.base = (opts.baseUrl ?? SHIPROCKET_API).replace(/\/$/, '');
    this.now = opts.now ?? Date.now;
  }

  private async send(method: 'GET' | 'POST', url: string, body: unknown, token?: string) {
    try {
      const res = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000),
      });
      const text = await res.text();
      let json: Json | null = null;
      try {
        json = text ? (JSON.parse(text) as Json) : null;
      } catch {
        json = null;
      }
      return { status: res.status, json };
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError';
      throw new CourierError(
        'unavailable',
        timeout
          ? 'Shiprocket did not answer in time. Try again.'
          : 'Shiprocket could not be reached. Try again.',
      );
    }
  }

  private login(): Promise<string> {
    this.pendingLogin ??= (async () => {
      const { status, json } = await this.send('POST', `${this.base}/auth/login`, {
        email: this.opts.email,
        password: this.opts.password,
      });
      if (status !== 200 || typeof json?.token !== 'string') {
        throw new CourierError(
          'auth',
          `Shiprocket refused the API user's sign-in (${messageOf(json, status)}). Check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.`,
          status,
        );
      }
      this.token = { value: json.token, expiresAt: this.now() + TOKEN_DAYS * 86_400_000 };
      return json.token;
    })().finally(() => {
      this.pendingLogin = null;
    });
    return this.pendingLogin;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    const fresh = this.token && this.token.expiresAt > this.now() ? this.token.value : await this.login();
    let res = await this.send(method, `${this.base}/${path}`, body, fresh);
    if (res.status === 401) {
      this.token = null;
      res = await this.send(method, `${this.base}/${path}`, body, await this.login());
    }
    if (res.status >= 200 && res.status < 300 && res.json) return res.json;
    const msg = messageOf(res.json, res.status);
    if (res.status >= 500) throw new CourierError('unavailable', `Shiprocket failed: ${msg}`, res.status);
    throw new CourierError(notServed(msg) ? 'not_serviceable' : 'rejected', msg, res.status);
  }

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    const [first, ...rest] = req.recipient.name.trim().split(/\s+/);
    const created = await this.call('POST', 'orders/create/adhoc', {
      order_id: req.orderId,
      order_date: istStamp(req.placedAt),
      pickup_location: this.opts.pickupLocation,
      billing_customer_name: first ?? '',
      billing_last_name: rest.join(' '),
      billing_address: req.recipient.address1,
      billing_address_2: req.recipient.address2,
      billing_city: req.recipient.city,
      billing_pincode: req.recipient.pincode,
      billing_state: req.recipient.state,
      billing_country: 'India',
      billing_email: req.recipient.email,
      billing_phone: req.recipient.phone,
      shipping_is_billing: true,
      order_items: req.items.map((i) => ({
        name: i.name,
        sku: i.sku,
        units: i.units,
        selling_price: rupees(i.unitPricePaise),
      })),
      payment_method: req.cod ? 'COD' : 'Prepaid',
      sub_total: rupees(req.totalPaise),
      length: req.lengthCm,
      breadth: req.breadthCm,
      height: req.heightCm,
      weight: Math.max(req.weightGrams, 1) / 1000,
    });
    const remoteOrderId = created.order_id == null ? null : String(created.order_id);
    const shipmentId = created.shipment_id == null ? null : String(created.shipment_id);
    if (!shipmentId) throw new CourierError('rejected', messageOf(created, 200));

    let awb: string;
    let courierName: string;
    try {
      const assigned = await this.call('POST', 'courier/assign/awb', { shipment_id: Number(shipmentId) });
      const data = assigned.response?.data ?? {};
      if (assigned.awb_assign_status !== 1 || !data.awb_code) {
        const why = String(data.awb_assign_error || assigned.message || 'Shiprocket assigned no AWB.');
        throw new CourierError(notServed(why) ? 'not_serviceable' : 'rejected', why);
      }
      awb = String(data.awb_code);
      courierName = String(data.courier_name || 'Shiprocket');
    } catch (e) {
      await this.cancelShipment({ remoteOrderId, awb: null }).catch(() => {});
      throw e;
    }

    let label: { pdf: Buffer; url: string | null } | null = null;
    try {
      label = await this.label({ remoteShipmentId: shipmentId, awb });
    } catch {
      // The AWB stands; the label is asked for again when staff download it.
    }
    return {
      awb,
      courierName,
      // Shiprocket's tracking page follows every AWB it assigns, whichever courier carries it.
      carrier: 'Shiprocket',
      remoteOrderId,
      remoteShipmentId: shipmentId,
      labelPdf: label?.pdf ?? null,
      labelUrl: label?.url ?? null,
    };
  }

  async label(booked: {
    remoteShipmentId: string | null;
    awb: string;
  }): Promise<{ pdf: Buffer; url: string | null }> {
    if (!booked.remoteShipmentId)
      throw new CourierError('rejected', 'This booking has no Shiprocket shipment.');
    const made = await this.call('POST', 'courier/generate/label', {
      shipment_id: [Number(booked.remoteShipmentId)],
    });
    const url = typeof made.label_url === 'string' ? made.label_url : '';
    if (made.label_created !== 1 || !url) {
      throw new CourierError(
        'rejected',
        `Shiprocket made no label: ${String(made.response || made.message || '')}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000) });
      const pdf = Buffer.from(await res.arrayBuffer());
      if (!res.ok || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new Error(`label answered ${res.status}`);
      }
      return { pdf, url };
    } catch {
      throw new CourierError('unavailable', 'The label PDF could not be fetched from Shiprocket. Try again.');
    }
  }

  async trackShipment(booked: { awb: string }): Promise<Tracking> {
    const body = await this.call('GET', `courier/track/awb/${encodeURIComponent(booked.awb)}`);
    const data = body.tracking_data ?? {};
    const track = Array.isArray(data.shipment_track) ? (data.shipment_track[0] ?? {}) : {};
    const activities: Json[] = Array.isArray(data.shipment_track_activities)
      ? data.shipment_track_activities
      : [];
    const events = activities
      .map((a) => ({
        at: fromIst(a.date),
        status: String(a['sr-status-label'] || a.sr_status_label || a.status || '').slice(0, 120),
        activity: String(a.activity ?? '').slice(0, 255),
        location: String(a.location ?? '').slice(0, 160),
      }))
      .filter(
        (e): e is { at: Date; status: string; activity: string; location: string } => !!e.at && !!e.status,
      )
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const status = String(track.current_status || events.at(-1)?.status || 'Booked');
    return { status, delivered: Number(data.shipment_status) === DELIVERED, events };
  }

  async cancelShipment(booked: { remoteOrderId: string | null; awb: string | null }): Promise<void> {
    if (!booked.remoteOrderId) return;
    await this.call('POST', 'orders/cancel', { ids: [Number(booked.remoteOrderId)] });
  }
}
