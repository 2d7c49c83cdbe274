/**
 * EMI (equated monthly instalments) as the payment gateway offers them: the product page's "or ₹X/month" is
 * what the cheapest plan the gateway names for that price costs a month, never a figure of the shop's own.
 */

/** One of the gateway's card EMI plans (Razorpay's methods API: emi_options). */
export interface EmiPlan {
  /** The card issuer's code, e.g. HDFC. */
  bank: string;
  months: number;
  /** Yearly interest the bank charges, in percent (0: no-cost EMI, the shop pays the interest). */
  interestPct: number;
  /** The smallest amount the plan takes, in paise. */
  minPaise: number;
}

/**
 * A plan's monthly instalment for an amount, in whole rupees rounded up (the instalments never add up to less
 * than the bank asks):
 * - reducing-balance EMI, P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly rate
 * - no interest: the amount ÷ months
 */
export function monthlyInstalment(pricePaise: number, plan: EmiPlan): number {
  const n = plan.months;
  const r = plan.interestPct / 1200;
  const paise = r === 0 ? pricePaise / n : (pricePaise * r * (1 + r) ** n) / ((1 + r) ** n - 1);
  // A whole rupee up, after trimming the float's noise (1e-6 paise) so that an exact division stays exact.
  return Math.ceil(Math.round(paise * 1e6) / 1e6 / 100);
}

export interface EmiOffer {
  /** ₹ a month, whole rupees. */
  monthly: number;
  months: number;
  noCost: boolean;
}

/**
 * What the product page offers for a price: the plan with the lowest monthly instalment among those that take
 * the price (a longer plan wins a tie of instalments; no-cost wins a tie of both); null when none does.
 */
export function lowestEmi(pricePaise: number, plans: readonly EmiPlan[]): EmiOffer | null {
  let best: EmiOffer | null = null;
  for (const plan of plans) {
    if (pricePaise < plan.minPaise || plan.months < 1 || pricePaise <= 0) continue;
    const offer = {
      monthly: monthlyInstalment(pricePaise, plan),
      months: plan.months,
      noCost: plan.interestPct === 0,
    };
    if (
      !best ||
      offer.monthly < best.monthly ||
      (offer.monthly === best.monthly && (offer.months > best.months || (offer.noCost && !best.noCost)))
    )
      best = offer;
  }
  return best;
}
