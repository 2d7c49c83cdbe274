import type { codRemittanceBody, codRemittancesQuery } from '../schemas/cod';
import { route } from './define';

/**
 * Cash still to come in from one carrier: its delivered cash-on-delivery orders that no remittance has settled,
 * and their rupees by days since delivery (0–7, 8–15, 16–30, over 30).
 */
export interface CodDue {
  carrier: string;
  orders: number;
  due: number;
  oldestDays: number;
  byAge: { upTo7: number; upTo15: number; upTo30: number; over30: number };
}

/** A remittance as recorded: `due` is the cash the orders it named were due; `shortBy` what the courier kept. */
export interface CodRemittance {
  _id: string;
  carrier: string;
  amount: number;
  due: number;
  shortBy: number;
  remittedOn: string;
  reference: string;
  fileName: string;
  orders: number;
  recordedBy: string | null;
  createdAt: string;
}

/** COD remittances (back office): what couriers still owe, and the payments that settled orders. */
export const cod = {
  due: route('GET /cod/due', 'orders.read').reply<{ carriers: CodDue[]; orders: number; due: number }>(),
  remittances: route('GET /cod/remittances', 'orders.read')
    .query<typeof codRemittancesQuery>()
    .reply<{ remittances: CodRemittance[]; hasMore: boolean }>(),
  /**
   * Records a remittance; every AWB must name a delivered cash-on-delivery order of the carrier not settled yet.
   * 400 `duplicate_awb` (an AWB twice in the file), `unknown_awb`, `remittance_too_large` (more than is due);
   * 409 `already_remitted`.
   */
  record: route('POST /cod/remittances', 'orders.refund', { status: 201 })
    .body<typeof codRemittanceBody>()
    .reply<{ remittance: CodRemittance }>(),
};
