import type { Config } from '../../config';
import { type CourierProvider, ManualCourier } from './courier-provider';
import { ShiprocketCourier } from './shiprocket';
import { SimulatorCourier } from './simulator';

/** The provider COURIER_PROVIDER names (loadConfig has checked its settings). */
export function createCourierProvider(config: Config): CourierProvider {
  if (config.COURIER_PROVIDER === 'shiprocket') {
    return new ShiprocketCourier({
      email: config.SHIPROCKET_EMAIL!,
      password: config.SHIPROCKET_PASSWORD!,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      baseUrl: config.SHIPROCKET_API_URL,
    });
  }
  if (config.COURIER_PROVIDER === 'simulator') return new SimulatorCourier();
  return new ManualCourier();
}
