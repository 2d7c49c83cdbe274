import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface PincodeState {
  /** The last pincode the shopper checked ('' when none). */
  pincode: string;
  remember: (pincode: string) => void;
}

/** The shopper's last checked pincode, remembered on this device for the next product page and the checkout. */
export const usePincode = create<PincodeState>()(
  persist(
    (set) => ({
      pincode: '',
      remember: (pincode) => set({ pincode }),
    }),
    {
      name: 'voltcart-pincode',
      storage: createJSONStorage(() => window.localStorage),
      partialize: (s) => ({ pincode: s.pincode }),
      version: 1,
    },
  ),
);
