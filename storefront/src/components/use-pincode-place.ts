import { useQuery } from '@tanstack/react-query';
import { isPincode, type PincodeCheck } from '@voltcart/shared';
import { deliveryQuery } from '../lib/delivery-queries';

/**
 * The place of a pincode typed into an address (district, state), from the shop's pincode check; undefined until
 * it is six digits and the shop has answered (or when the shop does not know it).
 */
export function usePincodePlace(pincode: string): PincodeCheck | undefined {
  const pin = pincode.trim();
  const q = useQuery({ ...deliveryQuery(pin), enabled: isPincode(pin) });
  return q.data?.pincode === pin ? q.data : undefined;
}
