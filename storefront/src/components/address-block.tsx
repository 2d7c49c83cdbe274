import { type Address, type AddressLayout, addressLines } from '@voltcart/shared';
import { Fragment, type ReactNode } from 'react';

/**
 * One address block for checkout, the order page and the saved addresses: the lines from `addressLines`, a line
 * break between them. `children` come first, inside the block (e.g. the "Default address" mark).
 */
export function AddressBlock({
  address,
  layout,
  children,
}: {
  address: Omit<Address, '_id'>;
  layout?: AddressLayout;
  children?: ReactNode;
}) {
  return (
    <address>
      {children}
      {addressLines(address, layout).map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
