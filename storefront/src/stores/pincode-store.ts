import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface PincodeState {
  /** The last pincode the shopper checked ('' when none). */
  pincode: string;
  /** The id of its shipping zone, once the shop answered ('' when not known): its free-shipping claim. */
  zone: string;
  remember: (pincode: string, zone?: string) => void;
}

/** The shopper's last checked pincode, remembered on this device for the next product page and the checkout. */
export const usePincode = create<PincodeState>()(
  persist(
    (set) => ({
      pincode: '',
      zone: '',
      // A new pincode forgets the old one's zone until the shop answers for it.
      remember: (pincode, zone = '') => set({ pincode, zone }),
    }),
    {
      name: 'voltcart-pincode',
      storage: createJSONStorage(() => window.localStorage),
      partialize: (s) => ({ pincode: s.pincode, zone: s.zone }),
      version: 2,
      migrate: (saved) => ({ zone: '', ...(saved as { pincode: string }) }),
    },
  ),
);
