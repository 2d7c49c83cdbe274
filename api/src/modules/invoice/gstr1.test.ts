import { describe, expect, it } from 'vitest';
import { csvDate, Gstr1Summary, returnDate } from './gstr1';
import type { InvoiceDocument } from './invoice.service';

describe('dates as the GST files write them (India time)', () => {
  it.each([
    ['2026-09-01T00:00:00+05:30', '01-Sep-2026', '01-09-2026'],
    ['2026-09-30T18:30:00Z', '01-Oct-2026', '01-10-2026'],
    ['2026-09-30T18:29:59Z', '30-Sep-2026', '30-09-2026'],
    ['2027-03-31T12:00:00Z', '31-Mar-2027', '31-03-2027'],
  ])('%s: %s in the CSV files, %s in the JSON', (at, csv, json) => {
    expect(csvDate(at)).toBe(csv);
    expect(returnDate(at)).toBe(json);
  });
});

describe('B2CS rows', () => {
  const line = { name: 'Phone', hsn: '8517', qty: 1, ratePct: 18, amountPaise: 11_800 };
  const taxed = { taxablePaise: 10_000, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 };
  const doc = (kind: 'invoice' | 'credit_note', number: string) =>
    ({
      kind,
      number,
      intraState: true,
      seller: { gstin: '29AAGCB7383J1Z4', stateCode: '29' },
      buyer: { stateCode: '29' },
      lines: [{ ...line, ...taxed }],
    }) as unknown as InvoiceDocument;
  const row = (d: InvoiceDocument) => ({ doc: d, invoiceTotalPaise: 11_800, invoiceIssuedAt: new Date() });

  it('leaves out a rate and place whose sales a credit note of the period cancelled', () => {
    const sums = new Gstr1Summary();
    sums.add(row(doc('invoice', 'VC/2026-27/000001')), 'b2cs');
    expect(sums.b2csRows()).toHaveLength(1);
    sums.add(row(doc('credit_note', 'VC-CN/2026-27/000001')), 'b2cs');
    expect(sums.b2csRows()).toEqual([]);
  });
});
