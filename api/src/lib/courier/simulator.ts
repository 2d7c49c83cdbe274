import { randomInt } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf';
import { registerPdfFonts, writeText } from '../pdf-fonts';
import {
  type BookedShipment,
  CourierError,
  type CourierProvider,
  type ShipmentRequest,
  type Tracking,
} from './courier-provider';

/** The scans a simulated parcel goes through, hours after booking. */
const SCANS: [hours: number, status: string, activity: string][] = [
  [0, 'Pickup scheduled', 'Shipment booked (simulated)'],
  [4, 'Picked up', 'Shipment picked up (simulated)'],
  [12, 'In transit', 'Arrived at hub (simulated)'],
  [36, 'Out for delivery', 'Out for delivery (simulated)'],
  [40, 'Delivered', 'Delivered (simulated)'],
];

async function simulatedLabel(awb: string, req?: ShipmentRequest): Promise<Buffer> {
  const pdf = new PDFDocument({ size: [288, 432], margin: 16, info: { Title: `Label ${awb}` } });
  const done = pdfBytes(pdf);
  registerPdfFonts(pdf);
  pdf.fontSize(14);
  writeText(pdf, 'SIMULATED COURIER LABEL', { bold: true });
  pdf.fontSize(10);
  writeText(pdf, 'Not a real shipment: for development only.');
  writeText(pdf, `AWB: ${awb}`, { bold: true });
  if (req) {
    writeText(pdf, `Order: ${req.orderId}`);
    writeText(pdf, req.recipient.name);
    writeText(pdf, `${req.recipient.city} ${req.recipient.pincode}`);
    if (req.cod) writeText(pdf, `COD: collect Rs. ${(req.totalPaise / 100).toFixed(2)}`, { bold: true });
    writeText(pdf, `Weight: ${(req.weightGrams / 1000).toFixed(2)} kg`);
  }
  pdf.end();
  return done;
}

/**
 * A courier for development (COURIER_PROVIDER=simulator; refused in production): plausible 14-digit AWBs of a
 * "Simulated Surface" courier, a label PDF that says it is simulated, and scans that advance with the hours since
 * booking. Pincodes starting with 0 or 9 are not served, so the refusal can be tried.
 */
export class SimulatorCourier implements CourierProvider {
  readonly kind = 'simulator' as const;

  async createShipment(req: ShipmentRequest): Promise<BookedShipment> {
    if (/^[09]/.test(req.recipient.pincode)) {
      throw new CourierError(
        'not_serviceable',
        `No courier serves pincode ${req.recipient.pincode} (simulated).`,
      );
    }
    const awb = `SIM${String(randomInt(10 ** 10, 10 ** 11))}`;
    return {
      awb,
      courierName: 'Simulated Surface',
      carrier: 'Courier simulator',
      remoteOrderId: null,
      remoteShipmentId: null,
      labelPdf: await simulatedLabel(awb, req),
      labelUrl: null,
    };
  }

  async label(booked: { awb: string }): Promise<{ pdf: Buffer; url: string | null }> {
    return { pdf: await simulatedLabel(booked.awb), url: null };
  }

  async trackShipment(booked: { bookedAt: Date }): Promise<Tracking> {
    const hours = (Date.now() - booked.bookedAt.getTime()) / 3_600_000;
    const events = SCANS.filter(([h]) => h <= hours).map(([h, status, activity]) => ({
      at: new Date(booked.bookedAt.getTime() + h * 3_600_000),
      status,
      activity,
      location: 'Simulated hub',
    }));
    const last = events.at(-1)!;
    return { status: last.status, delivered: last.status === 'Delivered', events };
  }

  async cancelShipment(): Promise<void> {}
}
