/**
 * How the back office's order search box reads what staff type (GET /order?q=…); COD support runs on phone
 * calls, so a shopper is found by what they say on the phone. Every part is read from an index:
 * - a phone number, typed with or without +91 / 0, spaces, dashes or brackets: 10 digits or more find the orders
 *   shipped to that number (its last 10 digits, orders.ship_phone); 6 to 9 digits, those whose number starts so
 * - part of an order id (Crockford base32, with or without the leading VC, any case; 4 characters or more with a
 *   digit, or 6 or more, so that a short name is not read as an id): the orders whose id starts or ends with it
 *   (public_id, and public_id_rev for the end)
 * - a Razorpay order id, exactly
 * - the shopper's name or part of their email (the customer search's words, admin/customer-search.ts)
 */
export interface OrderSearch {
  /** The whole text, for the Razorpay id and the shopper search. */
  text: string;
  /** 10 digits: orders.ship_phone equal; fewer: its start. */
  phone?: { digits: string; whole: boolean };
  /** Upper-case id characters (no VC): the start of `VC` + this, or the end of an id. */
  idPart?: string;
}

const ID_PART = /^(?:VC)?([0-9A-HJKMNP-TV-Z]{4,18})$/;

export function orderSearch(q: string): OrderSearch {
  const text = q.trim();
  const plan: OrderSearch = { text };
  if (/^[\d\s+()-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 10) plan.phone = { digits: digits.slice(-10), whole: true };
    else if (digits.length >= 6) plan.phone = { digits: digits.replace(/^0+/, ''), whole: false };
  }
  const id = ID_PART.exec(text.toUpperCase().replace(/[\s-]/g, ''));
  if (id && (/\d/.test(id[1]!) || id[1]!.length >= 6)) plan.idPart = id[1]!;
  return plan;
}
