/** The parcel and its addressee, as a booking sends them to the courier. Money in paise. */
export interface ShipmentRequest {
  /** Our order id (VC…): the courier's order reference. */
  orderId: string;
  placedAt: Date;
  recipient: {
    name: string;
    email: string;
    /** 10 digits. */
    phone: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    pincode: string;
  };
  /** Cash on delivery still to collect (the courier collects `totalPaise`), or paid already. */
  cod: boolean;
  totalPaise: number;
  items: { name: string; sku: string; units: number; unitPricePaise: number }[];
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** A booked shipment: what the order keeps to print the label, track and cancel it. */
export interface BookedShipment {
  awb: string;
  /** The courier that carries it (e.g. "Delhivery Surface"). */
  courierName: string;
  /** What the order's carrier becomes: the name whose tracking page follows this AWB (see CARRIERS). */
  carrier: string;
  remoteOrderId: string | null;
  remoteShipmentId: string | null;
  /** The label PDF when the courier made one at booking; else it is asked for again with `label`. */
  labelPdf: Buffer | null;
  labelUrl: string | null;
}

interface TrackingEvent {
  at: Date;
  status: string;
  activity: string;
  location: string;
}

export interface Tracking {
  /** The courier's word for where the parcel is now. */
  status: string;
  delivered: boolean;
  /** Oldest first. */
  events: TrackingEvent[];
}

/** Why the courier did not do what was asked: the route answers 502 (422 for a pincode not served). */
export class CourierError extends Error {
  constructor(
    readonly reason: 'rejected' | 'not_serviceable' | 'unavailable' | 'auth' | 'manual',
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

/**
 * Booking couriers, injected into createApp as `courier` (services.ts): `manual` (staff type the carrier and AWB
 * when they mark an order shipped; nothing is booked), `shiprocket` (its HTTP API) or `simulator` (development).
 * Every method throws CourierError, never a raw HTTP or network value.
 */
export interface CourierProvider {
  readonly kind: 'manual' | 'shiprocket' | 'simulator';
  createShipment(req: ShipmentRequest): Promise<BookedShipment>;
  /** The label PDF of a booked shipment. */
  label(booked: {
    remoteShipmentId: string | null;
    awb: string;
  }): Promise<{ pdf: Buffer; url: string | null }>;
  trackShipment(booked: { awb: string; bookedAt: Date }): Promise<Tracking>;
  /** Cancels a shipment (a booking that could not be completed here); best effort for the caller. */
  cancelShipment(booked: { remoteOrderId: string | null; awb: string | null }): Promise<void>;
}

/** Today's behaviour: nothing is booked through an API. */
export class ManualCourier implements CourierProvider {
  readonly kind = 'manual' as const;
  private refuse(): never {
    throw new CourierError(
      'manual',
      'This shop books couriers by hand (COURIER_PROVIDER is manual): mark the order shipped with its carrier and tracking number.',
    );
  }
  createShipment(): Promise<BookedShipment> {
    this.refuse();
  }
  label(): Promise<{ pdf: Buffer; url: string | null }> {
    this.refuse();
  }
  trackShipment(): Promise<Tracking> {
    this.refuse();
  }
  async cancelShipment(): Promise<void> {}
}
