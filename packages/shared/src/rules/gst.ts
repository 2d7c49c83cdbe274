/**
 * GST rules for tax invoices (India). Money in integer paise throughout.
 */

/** GST state codes (the first two digits of a GSTIN), by state or union territory. */
export const GST_STATES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
const BY_FOLDED = new Map(Object.entries(GST_STATES).map(([name, code]) => [fold(name), { name, code }]));
BY_FOLDED.set(fold('New Delhi'), { name: 'Delhi', code: '07' });
BY_FOLDED.set(fold('Orissa'), { name: 'Odisha', code: '21' });
BY_FOLDED.set(fold('Pondicherry'), { name: 'Puducherry', code: '34' });

/**
 * ISO 3166-2:IN subdivision codes (without `IN-`) by GST state code: the current code first, then codes ISO used
 * before (Odisha OR, Chhattisgarh CT, Uttarakhand UT, Telangana TG; Dadra and Nagar Haveli DN and Daman and Diu
 * DD before they merged), all of which are still written on addresses.
 */
export const STATE_ISO_CODES: Readonly<Record<string, readonly string[]>> = {
  '01': ['JK'],
  '02': ['HP'],
  '03': ['PB'],
  '04': ['CH'],
  '05': ['UK', 'UT'],
  '06': ['HR'],
  '07': ['DL'],
  '08': ['RJ'],
  '09': ['UP'],
  '10': ['BR'],
  '11': ['SK'],
  '12': ['AR'],
  '13': ['NL'],
  '14': ['MN'],
  '15': ['MZ'],
  '16': ['TR'],
  '17': ['ML'],
  '18': ['AS'],
  '19': ['WB'],
  '20': ['JH'],
  '21': ['OD', 'OR'],
  '22': ['CG', 'CT'],
  '23': ['MP'],
  '24': ['GJ'],
  '26': ['DH', 'DN', 'DD'],
  '27': ['MH'],
  '29': ['KA'],
  '30': ['GA'],
  '31': ['LD'],
  '32': ['KL'],
  '33': ['TN'],
  '34': ['PY'],
  '35': ['AN'],
  '36': ['TS', 'TG'],
  '37': ['AP'],
  '38': ['LA'],
};

const BY_CODE = new Map(Object.entries(GST_STATES).map(([name, code]) => [code, { name, code }]));
const BY_ISO = new Map(
  Object.entries(STATE_ISO_CODES).flatMap(([code, isos]) => isos.map((iso) => [iso, BY_CODE.get(code)!])),
);

/**
 * The GST state of an address's state field, or null.
 * - its name: case, spaces, punctuation and "&" vs "and" do not matter; a few old names are known (Orissa,
 *   Pondicherry)
 * - its ISO 3166-2:IN code, current or former (`KA`, `IN-KA`, `od`, `OR`)
 * - its GST state code (`29`, or `7` for `07`)
 */
export function gstState(state: string): { name: string; code: string } | null {
  const t = state.trim().toUpperCase();
  if (/^\d{1,2}$/.test(t)) return BY_CODE.get(t.padStart(2, '0')) ?? null;
  const iso = /^(?:IN[-\s]?)?([A-Z]{2})$/.exec(t);
  if (iso) return BY_ISO.get(iso[1]!) ?? null;
  return BY_FOLDED.get(fold(state)) ?? null;
}

/** A state's current ISO 3166-2:IN code (without `IN-`) from its GST state code, or null. */
export function isoStateCode(gstCode: string): string | null {
  return STATE_ISO_CODES[gstCode]?.[0] ?? null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CODES = new Set(Object.values(GST_STATES));

/** The GSTN's mod-36 check character of a GSTIN's first 14 characters. */
function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/**
 * What is wrong with a GSTIN, in the words a form shows after the field's name, or null when it is right.
 * - 15 characters: state code (2 digits, a known state), PAN (5 letters, 4 digits, 1 letter), entity number
 *   (1–9 or a letter), 'Z', and a check character; letters may be typed in lower case (they are read as capitals)
 * - the check character is the GSTN's mod-36 checksum of the first 14
 * - with `stateCode` (the state the GSTIN is given for): its first two digits must be that state's code
 */
export function gstinProblem(gstin: string, stateCode?: string): string | null {
  const g = gstin.trim().toUpperCase();
  if (g.length !== 15) return 'must be 15 characters (e.g. 29AAGCB7383J1Z4)';
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(g))
    return 'must be 2 digits, a 10-character PAN, an entity number, Z and a check character (e.g. 29AAGCB7383J1Z4)';
  if (!CODES.has(g.slice(0, 2))) return `starts with ${g.slice(0, 2)}, which is no Indian state's code`;
  if (gstinCheckChar(g.slice(0, 14)) !== g[14])
    return 'has a wrong check character (last one): please check it';
  if (stateCode && g.slice(0, 2) !== stateCode) {
    const name = Object.entries(GST_STATES).find(([, c]) => c === g.slice(0, 2))?.[0];
    const chosen = Object.entries(GST_STATES).find(([, c]) => c === stateCode)?.[0] ?? stateCode;
    return `belongs to ${name} (${g.slice(0, 2)}), not ${chosen} (${stateCode})`;
  }
  return null;
}

/** Whether a GSTIN is well formed (gstinProblem finds nothing wrong with it). */
export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/**
 * The GST rate slabs (basis points) in force from each date (Indian time); a future change of slabs is one more
 * entry. The 0.25 % and 3 % rates are those of precious stones and metals.
 */
export const GST_SLAB_HISTORY: readonly { from: string; ratesBp: readonly number[] }[] = [
  { from: '2017-07-01', ratesBp: [0, 25, 300, 500, 1200, 1800, 2800] },
  { from: '2025-09-22', ratesBp: [0, 25, 300, 500, 1800, 4000] },
];

/** The GST slabs in force on a day (Indian time): the latest entry of GST_SLAB_HISTORY that has started. */
export function gstSlabsOn(at: Date): readonly number[] {
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  let slabs = GST_SLAB_HISTORY[0]!.ratesBp;
  for (const entry of GST_SLAB_HISTORY) if (entry.from <= day) slabs = entry.ratesBp;
  return slabs;
}

/** Whether a rate (basis points) is a GST slab in force on `at` (today when not given). */
export function isGstSlab(rateBp: number, at: Date = new Date()): boolean {
  return gstSlabsOn(at).includes(rateBp);
}

/** An HSN or SAC code as invoices carry it: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/**
 * The Indian financial year (April to March, Indian time) of a moment, as `2026-27`.
 */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export { apportion, splitGst, type TaxLineInput, type TaxSplit } from './gst-split';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping (crore, lakh, thousand). */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words as printed on an invoice: `Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and
 * Seventy-Eight Paise Only` (no "and … Paise" for whole rupees).
 */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

/**
 * The value (paise) above which an inter-state invoice to a buyer without a GSTIN is reported on its own in GSTR-1
 * (B2C large), by the date it applies from (Indian time): ₹2.5 lakh, ₹1 lakh from 1 August 2024.
 */
export const B2CL_THRESHOLD_HISTORY: readonly { from: string; paise: number }[] = [
  { from: '2017-07-01', paise: 2_50_000_00 },
  { from: '2024-08-01', paise: 1_00_000_00 },
];

/** The B2C-large threshold (paise) on a day: the latest entry of B2CL_THRESHOLD_HISTORY that has started. */
export function b2clThresholdOn(at: Date): number {
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  let paise = B2CL_THRESHOLD_HISTORY[0]!.paise;
  for (const entry of B2CL_THRESHOLD_HISTORY) if (entry.from <= day) paise = entry.paise;
  return paise;
}

/**
 * E-way bill: goods moved for a supply need one when the consignment's value (the document's total, tax
 * included) is above this amount (paise): ₹50,000 across India since 1 April 2018 (some states set their own
 * limit for moves within the state; the export lists every document above the national one).
 */
export const EWAY_BILL_THRESHOLD_PAISE = 50_000_00;

/** Whether a document of this value (paise, tax included) moves goods that need an e-way bill. */
export const needsEwayBill = (valuePaise: number) => valuePaise > EWAY_BILL_THRESHOLD_PAISE;

export interface GstPeriod {
  /** First moment of the period and the first moment after it (Indian midnight, as instants). */
  from: Date;
  to: Date;
  /** The return period as GSTR-1 names it: MMYYYY of the (last) month. */
  fp: string;
  /** e.g. "November 2026", "Q3 2026-27 (October–December 2026)". */
  label: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Indian midnight starting the 1st of a month (month 0–11; may run past December), as an instant. */
const istMonthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - 330 * 60_000);

/**
 * A return period from its name, or null when it is not one.
 * - `2026-11`: November 2026
 * - `2026-Q1` … `2026-Q4`: the quarters of the financial year that starts in April 2026 (Q1 April–June, Q4
 *   January–March 2027); a quarter's return period is its last month
 * - boundaries are midnight in India
 */
export function gstPeriod(name: string): GstPeriod | null {
  const m = /^(\d{4})-(\d{2})$/.exec(name);
  const q = /^(\d{4})-Q([1-4])$/.exec(name);
  if (m) {
    const [year, month] = [Number(m[1]), Number(m[2]) - 1];
    if (month < 0 || month > 11 || year < 2017) return null;
    return {
      from: istMonthStart(year, month),
      to: istMonthStart(year, month + 1),
      fp: `${m[2]}${m[1]}`,
      label: `${MONTHS[month]} ${year}`,
    };
  }
  if (q) {
    const start = Number(q[1]);
    if (start < 2017) return null;
    const first = 3 + (Number(q[2]) - 1) * 3; // months from January of the starting year
    const last = new Date(Date.UTC(start, first + 2, 1));
    const firstDay = new Date(Date.UTC(start, first, 1));
    return {
      from: istMonthStart(start, first),
      to: istMonthStart(start, first + 3),
      fp: `${String(last.getUTCMonth() + 1).padStart(2, '0')}${last.getUTCFullYear()}`,
      label: `Q${q[2]} ${start}-${String((start + 1) % 100).padStart(2, '0')} (${MONTHS[firstDay.getUTCMonth()]}–${MONTHS[last.getUTCMonth()]} ${last.getUTCFullYear()})`,
    };
  }
  return null;
}
