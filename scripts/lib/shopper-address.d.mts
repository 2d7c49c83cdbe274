export declare const SHOPPER_ADDRESS: {
  adressLine1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contact: string;
};
