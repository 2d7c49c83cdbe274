import type { ShippingSettings, ShippingZoneJson } from '@voltcart/shared';

/** The Shipping screen's fields as typed (text), and the body PUT /delivery/settings takes. */
export interface BandForm {
  fromGrams: string;
  toGrams: string;
  fee: string;
}

export interface ValueBandForm {
  from: string;
  to: string;
  fee: string;
}

export interface ZoneForm {
  /** React key only. */
  key: string;
  name: string;
  /** GST state codes. */
  states: string[];
  pincodes: string;
  bands: BandForm[];
  valueBands: ValueBandForm[];
  freeFrom: string;
  cod: boolean;
  dispatchDays: string;
  transitMinDays: string;
  transitMaxDays: string;
}

export interface ShippingForm {
  zones: ZoneForm[];
  codMax: string;
  codFee: string;
  codFeePercent: string;
  blockedPincodes: string;
  cutoff: string;
  holidays: string;
}

let keys = 0;
const newKey = () => `zone-${++keys}`;

const zoneForm = (z: ShippingZoneJson): ZoneForm => ({
  key: newKey(),
  name: z.name,
  states: [...z.states],
  pincodes: z.pincodes.join(', '),
  bands: z.bands.map((b) => ({
    fromGrams: String(b.fromGrams),
    toGrams: b.toGrams === null ? '' : String(b.toGrams),
    fee: String(b.fee),
  })),
  valueBands: z.valueBands.map((b) => ({
    from: String(b.from),
    to: b.to === null ? '' : String(b.to),
    fee: String(b.fee),
  })),
  freeFrom: z.freeFrom === null ? '' : String(z.freeFrom),
  cod: z.cod,
  dispatchDays: String(z.dispatchDays),
  transitMinDays: String(z.transitMinDays),
  transitMaxDays: String(z.transitMaxDays),
});

export const emptyZone = (): ZoneForm => ({
  key: newKey(),
  name: '',
  states: [],
  pincodes: '',
  bands: [{ fromGrams: '0', toGrams: '', fee: '79' }],
  valueBands: [],
  freeFrom: '',
  cod: true,
  dispatchDays: '1',
  transitMinDays: '2',
  transitMaxDays: '5',
});

export const fromSettings = (s: ShippingSettings): ShippingForm => ({
  zones: s.zones.map(zoneForm),
  codMax: String(s.cod.max),
  codFee: String(s.cod.fee),
  codFeePercent: String(s.cod.feePercent),
  blockedPincodes: s.cod.blockedPincodes.join(', '),
  cutoff: s.calendar.cutoff,
  holidays: s.calendar.holidays.join('\n'),
});

const list = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
/** A number as typed; blank text is sent as is so that the API names the field. */
const num = (text: string) => (text.trim() === '' ? text : Number(text));

/** The body of PUT /delivery/settings (the API checks every figure and names what is wrong). */
export function toBody(f: ShippingForm) {
  return {
    zones: f.zones.map((z) => ({
      name: z.name,
      states: z.states,
      pincodes: list(z.pincodes),
      bands: z.bands.map((b) => ({
        fromGrams: num(b.fromGrams),
        toGrams: b.toGrams.trim() === '' ? null : num(b.toGrams),
        fee: num(b.fee),
      })),
      valueBands: z.valueBands.map((b) => ({
        from: num(b.from),
        to: b.to.trim() === '' ? null : num(b.to),
        fee: num(b.fee),
      })),
      freeFrom: z.freeFrom.trim() === '' ? null : num(z.freeFrom),
      cod: z.cod,
      dispatchDays: num(z.dispatchDays),
      transitMinDays: num(z.transitMinDays),
      transitMaxDays: num(z.transitMaxDays),
    })),
    cod: {
      max: num(f.codMax),
      fee: num(f.codFee),
      feePercent: num(f.codFeePercent),
      blockedPincodes: list(f.blockedPincodes),
    },
    calendar: { cutoff: f.cutoff, holidays: list(f.holidays) },
  };
}
