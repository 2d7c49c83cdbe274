// A local stand-in for Shiprocket's HTTP API (apiv2.shiprocket.in/v1/external), answering in the shapes its API
// answers: the provider under test is pointed at `url` (SHIPROCKET_API_URL).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: the stand-in reads whatever JSON the provider sent
type Json = Record<string, any>;

export interface SeenCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Json;
}

/** A PDF small enough to write here (Shiprocket's labels are A6/4×6 PDFs on its storage). */
const LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * Records each call and answers as Shiprocket does:
 * - `POST /auth/login`: the token for `email`/`password`, else 403 `{message, status_code}`
 * - any other call without a live token: 401 `{message: 'Token has expired', status_code: 401}` (`expireTokens`)
 * - `POST /orders/create/adhoc`: 422 `{message: 'Oops! Invalid Data.', errors: {field: [text]}}` for a bad pincode
 *   or phone, else the order and shipment ids with status NEW
 * - `POST /courier/assign/awb`: `awb_assign_status: 0` with `awb_assign_error` for a pincode in `unserviceable`,
 *   else the AWB and courier under `response.data`
 * - `POST /courier/generate/label`: the URL of the label (served from `/labels/…`); `POST /orders/cancel`
 * - `GET /courier/track/awb/:awb`: `tracking_data` with `scans` as its activities (Indian times)
 */
export class ShiprocketStandIn {
  server!: Server;
  url = '';
  seen: SeenCall[] = [];
  email = 'api-user@voltcart.test';
  password = 'api-password';
  unserviceable = new Set<string>(['795001']);
  cancelled: number[] = [];
  logins = 0;
  scans: Record<string, string>[] = [];
  shipmentStatus = 18;
  currentStatus = 'IN TRANSIT';
  private tokens = new Set<string>();
  private orders = new Map<number, Json>();
  private n = 0;

  async start() {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/external`;
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  /** Every token handed out so far stops working (as when the 10 days are over). */
  expireTokens() {
    this.tokens.clear();
  }

  /** Shiprocket's id of the latest order made. */
  get lastOrderId() {
    return 5000 + this.n;
  }

  calls(path: string) {
    return this.seen.filter((s) => s.path === path);
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/v1\/external/, '');
      let body: Json = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      this.seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (path.startsWith('/labels/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(LABEL_PDF);
        return;
      }
      if (path === '/auth/login') {
        if (body.email !== this.email || body.password !== this.password) {
          return send(403, { message: 'Invalid email and password combination', status_code: 403 });
        }
        const token = `eyJ.stand-in.${++this.logins}`;
        this.tokens.add(token);
        return send(200, {
          id: 101,
          first_name: 'API',
          last_name: 'User',
          email: this.email,
          company_id: 2001,
          created_at: '2026-11-01 10:00:00',
          token,
        });
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !this.tokens.has(token))
        return send(401, { message: 'Token has expired', status_code: 401 });

      if (req.method === 'POST' && path === '/orders/create/adhoc') {
        const errors: Record<string, string[]> = {};
        if (!/^\d{6}$/.test(String(body.billing_pincode)))
          errors.billing_pincode = ['The billing pincode must be 6 digits.'];
        if (!/^\d{10}$/.test(String(body.billing_phone)))
          errors.billing_phone = ['The billing phone must be 10 digits.'];
        if (Object.keys(errors).length)
          return send(422, { message: 'Oops! Invalid Data.', errors, status_code: 422 });
        const n = ++this.n;
        this.orders.set(5000 + n, body);
        return send(200, {
          order_id: 5000 + n,
          shipment_id: 9000 + n,
          status: 'NEW',
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: '',
          courier_company_id: '',
          courier_name: '',
        });
      }
      if (req.method === 'POST' && path === '/courier/assign/awb') {
        const order = this.orders.get(Number(body.shipment_id) - 4000);
        if (!order) return send(400, { message: 'Shipment not found', status_code: 400 });
        if (this.unserviceable.has(String(order.billing_pincode))) {
          return send(200, {
            awb_assign_status: 0,
            response: {
              data: {
                awb_assign_error: `Selected courier is not serviceable for pincode ${order.billing_pincode}.`,
              },
            },
          });
        }
        return send(200, {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: 24,
              awb_code: `1904121112${String(body.shipment_id).padStart(4, '0')}`,
              cod: order.payment_method === 'COD' ? 1 : 0,
              order_id: Number(body.shipment_id) - 4000,
              shipment_id: Number(body.shipment_id),
              awb_code_status: 1,
              assigned_date_time: {
                date: '2026-11-29 10:30:00.000000',
                timezone_type: 3,
                timezone: 'Asia/Kolkata',
              },
              applied_weight: order.weight,
              company_id: 2001,
              courier_name: 'Delhivery Surface',
              child_courier_name: null,
              pickup_scheduled_date: '2026-11-30 10:00:00',
              routing_code: '',
              rto_routing_code: '',
              invoice_no: '',
              transporter_id: '',
              transporter_name: '',
            },
          },
        });
      }
      if (req.method === 'POST' && path === '/courier/generate/label') {
        const id = Number(body.shipment_id?.[0]);
        return send(200, {
          label_created: 1,
          label_url: `${this.url}/labels/${id}.pdf`,
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        });
      }
      if (req.method === 'POST' && path === '/orders/cancel') {
        this.cancelled.push(...(body.ids ?? []).map(Number));
        return send(200, { status_code: 200, message: 'Order cancelled successfully.' });
      }
      const tracked = /^\/courier\/track\/awb\/(.+)$/.exec(path);
      if (req.method === 'GET' && tracked) {
        return send(200, {
          tracking_data: {
            track_status: this.scans.length ? 1 : 0,
            shipment_status: this.shipmentStatus,
            shipment_track: [
              {
                id: 1,
                awb_code: decodeURIComponent(tracked[1]!),
                courier_company_id: 24,
                shipment_id: 9001,
                order_id: 5001,
                pickup_date: '2026-11-30 11:05:00',
                delivered_date: '',
                weight: '0.75',
                packages: 1,
                current_status: this.currentStatus,
                delivered_to: 'Bengaluru',
                destination: 'Bengaluru',
                consignee_name: 'Asha',
                origin: 'Mumbai',
                courier_agent_details: null,
                edd: '2026-12-03 23:59:59',
              },
            ],
            shipment_track_activities: this.scans,
            track_url: `https://shiprocket.co/tracking/${tracked[1]}`,
            etd: '2026-12-03 23:59:59',
            ...(this.scans.length
              ? {}
              : {
                  error:
                    'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
                }),
          },
        });
      }
      send(404, { message: 'Not found', status_code: 404 });
    });
  }
}
