import { create } from 'zustand';
import { type AddressValues, EMPTY_ADDRESS } from '../../components/address-fields';

interface CheckoutDraft {
  address: AddressValues;
  notes: string;
  setField: (name: keyof AddressValues, value: string) => void;
  setNotes: (notes: string) => void;
  /** After the order is placed. */
  clear: () => void;
}

/**
 * What the shopper has typed into the checkout form (UI state, this visit only): it stays when they go to
 * "+ Add New Address" and come back, and is cleared once the order is placed.
 */
export const useCheckoutDraft = create<CheckoutDraft>()((set) => ({
  address: EMPTY_ADDRESS,
  notes: '',
  setField: (name, value) => set((d) => ({ address: { ...d.address, [name]: value } })),
  setNotes: (notes) => set({ notes }),
  clear: () => set({ address: EMPTY_ADDRESS, notes: '' }),
}));
