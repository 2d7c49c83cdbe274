import { readFileSync } from 'node:fs';
import { GST_STATES, isoStateCode } from '@voltcart/shared';

/**
 * India Post's pincode directory, shipped with the API (data/pincodes.tsv: pincode, GST state code, district; see
 * data/README.md for its source, licence and refresh). Read once, on the first lookup, into a Map: a lookup is
 * one hash probe.
 */
export interface PincodePlace {
  pincode: string;
  district: string;
  /** GST state code, as addresses store it. */
  stateCode: string;
  /** ISO 3166-2:IN code of the state. */
  stateIso: string;
  state: string;
}

const STATE_NAMES = new Map(Object.entries(GST_STATES).map(([name, code]) => [code, name]));

let directory: Map<string, PincodePlace> | null = null;

function load(): Map<string, PincodePlace> {
  const text = readFileSync(new URL('./data/pincodes.tsv', import.meta.url), 'utf8');
  const map = new Map<string, PincodePlace>();
  for (const line of text.split('\n')) {
    const [pincode, stateCode, district] = line.split('\t');
    const state = stateCode && STATE_NAMES.get(stateCode);
    if (!pincode || !district || !state) continue;
    map.set(pincode, { pincode, district, stateCode, stateIso: isoStateCode(stateCode) ?? '', state });
  }
  return map;
}

/** The place of a pincode, or null when the directory does not know it (check the format first: isPincode). */
export function lookupPincode(pincode: string): PincodePlace | null {
  directory ??= load();
  return directory.get(pincode) ?? null;
}

/** How many pincodes the directory knows (its health check, and the tests). */
export function directorySize(): number {
  directory ??= load();
  return directory.size;
}
