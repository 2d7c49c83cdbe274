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

/**
 * Whether a GSTIN is well formed.
 * - 15 characters: state code (2 digits, a known state), PAN (5 letters, 4 digits, 1 letter), entity number
 *   (1–9 or a letter), 'Z', and a check character
 * - the check character is the GSTN's mod-36 checksum of the first 14
 */
export function isValidGstin(gstin: string): boolean {
  const g = gstin.toUpperCase();
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(g)) return false;
  if (!Object.values(GST_STATES).includes(g.slice(0, 2))) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(g[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] === g[14];
}

/**
 * The Indian financial year (April to March, Indian time) of a moment, as `2026-27`.
 */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export interface TaxLineInput {
  /** The GST-inclusive amount of the line (unit price × qty), in paise. */
  amountPaise: number;
  /** GST rate in basis points (1800 = 18 %). */
  rateBp: number;
}

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits GST-inclusive line amounts into taxable value and tax.
 * - taxable = round(amount × 10000 / (10000 + rate)); the tax is the rest, so each line adds up to its amount
 *   exactly, and so do the totals
 * - within the shop's state the tax is CGST + SGST, half each (CGST takes the odd paisa); otherwise IGST
 */
export function splitGst(lines: TaxLineInput[], intraState: boolean): TaxSplit[] {
  return lines.map(({ amountPaise, rateBp }) => {
    const taxable = Math.round((amountPaise * 10_000) / (10_000 + rateBp));
    const tax = amountPaise - taxable;
    if (!intraState) return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
    const cgst = Math.ceil(tax / 2);
    return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: tax - cgst, igstPaise: 0 };
  });
}

/**
 * Shares an amount out over weights in proportion (largest remainder): the parts are whole paise and add up to
 * the amount exactly. Used to spread a partial refund over an invoice's lines.
 */
export function apportion(amountPaise: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amountPaise : 0));
  const exact = weights.map((w) => (amountPaise * w) / total);
  const parts = exact.map(Math.floor);
  let left = amountPaise - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return parts;
}

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
