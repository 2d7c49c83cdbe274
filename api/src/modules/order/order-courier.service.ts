import {
  type BookCourierReply,
  type bookCourierBody,
  type CourierPanel,
  canMove,
  illegalMoveMessage,
  type OrderState,
} from '@voltcart/shared';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../errors';
import { CourierError, type CourierProvider, type ShipmentRequest } from '../../lib/courier/courier-provider';
import { transaction } from '../../lib/transaction';
import type { Actor } from '../audit/audit.service';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import * as courierRepo from './order-courier.repository';
import { insertEvent } from './order-events.repository';
import { PUBLIC_ID_RE } from './order-id';
import { adminMove } from './order-lifecycle.service';

export type CourierDeps = OrderDeps & { courier: CourierProvider };

const PROVIDER_NAME = { manual: 'manual', shiprocket: 'Shiprocket', simulator: 'the courier simulator' };

/** A provider's refusal in the words staff see: 422 for a pincode not served, 502 for the rest. */
function asAppError(e: unknown): unknown {
  if (!(e instanceof CourierError)) return e;
  if (e.reason === 'manual') return new AppError(409, 'courier_manual', e.message);
  if (e.reason === 'not_serviceable') {
    return new AppError(422, 'not_serviceable', `The courier cannot deliver this order: ${e.message}`);
  }
  return new AppError(502, 'courier_refused', e.message);
}

function refuseManual(courier: CourierProvider) {
  if (courier.kind === 'manual') {
    throw new AppError(
      409,
      'courier_manual',
      'This shop books couriers by hand: mark the order shipped with its carrier and tracking number.',
    );
  }
}

/** The order's courier panel for staff. */
export async function courierPanel(deps: CourierDeps, orderId: number): Promise<CourierPanel> {
  const [s, events] = await Promise.all([
    courierRepo.shipmentSummary(deps.db, orderId),
    courierRepo.eventsOf(deps.db, orderId),
  ]);
  return {
    provider: deps.courier.kind,
    booking:
      s?.state === 'booked' && s.awb
        ? {
            awb: s.awb,
            courierName: s.courier_name ?? '',
            weightGrams: s.weight_grams,
            bookedAt: s.created_at.toISOString(),
            status: s.last_status,
            trackedAt: s.tracked_at?.toISOString() ?? null,
            hasLabel: Boolean(s.has_label),
          }
        : null,
    events: events.map((e) => ({
      at: e.at.toISOString(),
      status: e.status,
      activity: e.activity,
      location: e.location,
    })),
  };
}

/**
 * Books a courier for an order and marks it shipped:
 * - only an order that may move to shipped, with no booking yet (409 `illegal_move` / `courier_booked`); the
 *   booking row is written first, under the order's lock, so two staff members pressing at once book once
 * - the parcel's weight: the body's, else its products' (400 when neither gives one)
 * - the provider's refusal leaves nothing behind (422 `not_serviceable`, 502 `courier_refused`)
 * - then the ship move of the back office (adminMove): carrier and AWB on the order, the shopper's shipped mail,
 *   the timeline and the change history; when that move is refused (the order was cancelled meanwhile) the remote
 *   shipment is cancelled and the booking dropped
 */
export async function bookCourier(
  deps: CourierDeps,
  publicId: string,
  body: z.infer<typeof bookCourierBody>,
  actor: Actor,
): Promise<BookCourierReply> {
  refuseManual(deps.courier);
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const order = await transaction(deps.db, async (trx) => {
    const o = await repo.lockOrder(trx, { publicId });
    if (!o) throw notFound('Order');
    if (!canMove(o.state as OrderState, 'shipped', 'admin')) {
      throw new AppError(409, 'illegal_move', illegalMoveMessage(o.state, 'shipped'));
    }
    const existing = await courierRepo.findShipment(trx, o.id);
    if (existing) {
      throw new AppError(
        409,
        'courier_booked',
        existing.state === 'booking'
          ? 'A courier is being booked for this order right now.'
          : `A courier is booked for this order already (AWB ${existing.awb}).`,
      );
    }
    const weightGrams = body.weightGrams ?? (await repo.parcelWeights(trx, [o.id])).get(o.id) ?? 0;
    if (!weightGrams) {
      throw badRequest("Enter the parcel's weight: the products of this order have no weight.");
    }
    await courierRepo.reserveShipment(trx, {
      order_id: o.id,
      provider: deps.courier.kind,
      weight_grams: weightGrams,
    });
    return { ...o, weightGrams };
  });

  let booked: Awaited<ReturnType<CourierProvider['createShipment']>>;
  try {
    const [lines, shopper] = await Promise.all([
      repo.linesOf(deps.db, [order.id]),
      repo.shopperOf(deps.db, order.user_id),
    ]);
    const request: ShipmentRequest = {
      orderId: order.public_id,
      placedAt: order.created_at,
      recipient: {
        name: order.ship_name || shopper?.name || 'Customer',
        email: shopper?.email ?? '',
        phone: order.ship_phone,
        address1: order.ship_adress_line1,
        address2: [order.ship_adress_line2, order.ship_landmark && `Near ${order.ship_landmark}`]
          .filter(Boolean)
          .join(', '),
        city: order.ship_city,
        state: order.ship_state,
        pincode: order.ship_postal_code,
      },
      cod: order.payment_mode === 0 && !order.paid_at,
      totalPaise: order.total_paise,
      items: lines.map((l) => ({
        name: l.name,
        sku: l.sku ?? `P${l.product_id}`,
        units: l.qty,
        unitPricePaise: l.unit_price_paise,
      })),
      weightGrams: order.weightGrams,
      lengthCm: body.lengthCm,
      breadthCm: body.breadthCm,
      heightCm: body.heightCm,
    };
    booked = await deps.courier.createShipment(request);
  } catch (e) {
    await courierRepo.dropShipment(deps.db, order.id);
    throw asAppError(e);
  }

  await transaction(deps.db, async (trx) => {
    await courierRepo.updateShipment(trx, order.id, {
      state: 'booked',
      awb: booked.awb,
      courier_name: booked.courierName,
      remote_order_id: booked.remoteOrderId,
      remote_shipment_id: booked.remoteShipmentId,
      label_pdf: booked.labelPdf,
      label_url: booked.labelUrl,
    });
    await insertEvent(trx, {
      order_id: order.id,
      event: 'courier_booked',
      actor: 'admin',
      note: `${booked.courierName} AWB ${booked.awb} (booked through ${PROVIDER_NAME[deps.courier.kind]})`,
      admin_id: actor.id,
    });
  });
  try {
    const moved = await adminMove(
      deps,
      publicId,
      'shipped',
      { carrier: booked.carrier, trackingNumber: booked.awb },
      actor,
    );
    return { courier: await courierPanel(deps, order.id), order: moved };
  } catch (e) {
    await deps.courier
      .cancelShipment({ remoteOrderId: booked.remoteOrderId, awb: booked.awb })
      .catch((err) => deps.logger.warn('courier: a booking could not be cancelled', { error: String(err) }));
    await courierRepo.dropShipment(deps.db, order.id);
    throw e;
  }
}

async function bookedShipment(deps: CourierDeps, orderId: number) {
  const s = await courierRepo.findShipment(deps.db, orderId);
  if (s?.state !== 'booked' || !s.awb) {
    throw new AppError(409, 'courier_not_booked', 'No courier is booked for this order.');
  }
  if (s.provider !== deps.courier.kind) {
    throw new AppError(
      409,
      'courier_refused',
      `This parcel was booked through ${PROVIDER_NAME[s.provider as keyof typeof PROVIDER_NAME] ?? s.provider}, and the shop now uses ${PROVIDER_NAME[deps.courier.kind]}: follow it on that courier's site.`,
    );
  }
  return { ...s, awb: s.awb };
}

/**
 * Asks the courier where the parcel is: its scans are recorded on the order once each, its status and the time of
 * asking on the booking. Nothing changes when the courier cannot answer (502).
 */
export async function trackCourier(deps: CourierDeps, orderId: number): Promise<CourierPanel> {
  refuseManual(deps.courier);
  const s = await bookedShipment(deps, orderId);
  let tracking: Awaited<ReturnType<CourierProvider['trackShipment']>>;
  try {
    tracking = await deps.courier.trackShipment({ awb: s.awb, bookedAt: s.created_at });
  } catch (e) {
    throw asAppError(e);
  }
  await transaction(deps.db, async (trx) => {
    await courierRepo.addEvents(
      trx,
      tracking.events.map((e) => ({ order_id: orderId, ...e })),
    );
    await courierRepo.updateShipment(trx, orderId, {
      last_status: tracking.status.slice(0, 120),
      tracked_at: new Date(),
    });
  });
  return courierPanel(deps, orderId);
}

/** The label PDF of the order's booking: kept from booking, else asked of the courier again and kept. */
export async function courierLabel(
  deps: CourierDeps,
  orderId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const s = await courierRepo.findShipment(deps.db, orderId);
  const fileName = `label-${s?.awb ?? 'courier'}.pdf`.replace(/[^\w.-]/g, '_');
  if (s?.state === 'booked' && s.label_pdf) return { pdf: Buffer.from(s.label_pdf), fileName };
  refuseManual(deps.courier);
  const booked = await bookedShipment(deps, orderId);
  try {
    const label = await deps.courier.label({ remoteShipmentId: booked.remote_shipment_id, awb: booked.awb });
    await courierRepo.updateShipment(deps.db, orderId, { label_pdf: label.pdf, label_url: label.url });
    return { pdf: label.pdf, fileName };
  } catch (e) {
    throw asAppError(e);
  }
}
