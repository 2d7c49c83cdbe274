import type { Address } from '../types';

/** How a page lays out an address: what it adds and what it puts on a line of its own. */
export interface AddressLayout {
  /** Start with the recipient's name (the back office and checkout's choice list show the customer elsewhere). */
  name?: boolean;
  /** "(near …)" after the street: the order page, where the shopper checks what the courier will read. */
  landmark?: boolean;
  /** The second street line on a line of its own rather than after the first with a comma. */
  line2Apart?: boolean;
  /** The country on a line of its own rather than after the pincode with a comma. */
  countryApart?: boolean;
}

/**
 * An address as the lines of one address block, the same in the shop (checkout, the order page, saved addresses)
 * and the back office's order page; the layout says what each place adds.
 * - the recipient's name, when the layout asks for it and the address has one
 * - the street: line 1, then line 2 (after a comma, or on its own line), then "(near landmark)" when asked for
 * - "city, state pincode", then the country after a comma or on its own line
 * - "Phone: number" when the address has a contact number
 */
export function addressLines(a: Omit<Address, '_id'>, layout: AddressLayout = {}): string[] {
  const lines: string[] = [];
  if (layout.name && a.name) lines.push(a.name);
  let street = a.adressLine1;
  if (a.adressLine2 && layout.line2Apart) {
    lines.push(street);
    street = a.adressLine2;
  } else if (a.adressLine2) street += `, ${a.adressLine2}`;
  if (layout.landmark && a.landmark) street += ` (near ${a.landmark})`;
  lines.push(street);
  const place = `${a.city}, ${a.state} ${a.postalCode}`;
  if (layout.countryApart) lines.push(place, a.country);
  else lines.push(`${place}, ${a.country}`);
  if (a.contact) lines.push(`Phone: ${a.contact}`);
  return lines;
}
