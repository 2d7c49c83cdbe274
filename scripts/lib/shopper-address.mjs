/** The delivery address the benchmarks' and the scale test's shoppers order to (a Bengaluru pincode the shop serves). */
export const SHOPPER_ADDRESS = {
  adressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '9876543210',
};
