import type { Cents } from '../money.ts';

export type CouponType = 'FIXED' | 'PERCENTAGE';

export interface Coupon {
  code: string;
  type: CouponType;
  /** FIXED: cents off the whole order. */
  discountAmount: Cents | null;
  /** PERCENTAGE: 0–100 off the whole order. */
  discountPercentage: number | null;
}

export interface PricedLine {
  numberOfTickets: number;
  /** Price of one ticket, in cents. */
  price: Cents;
}

export function lineSubtotal(line: PricedLine): Cents {
  return line.numberOfTickets * line.price;
}

/** What a coupon takes off a subtotal: never more than the subtotal, percentages rounded half up to the cent. */
export function couponDiscount(subtotal: Cents, coupon: Coupon | null): Cents {
  if (!coupon || subtotal <= 0) return 0;
  const off =
    coupon.type === 'FIXED'
      ? (coupon.discountAmount ?? 0)
      : Math.round((subtotal * Math.min(Math.max(coupon.discountPercentage ?? 0, 0), 100)) / 100);
  return Math.min(Math.max(off, 0), subtotal);
}

export interface OrderTotals {
  subtotal: Cents;
  discount: Cents;
  total: Cents;
}

/** The one place an order is priced: the server charges this, the web only shows it. */
export function orderTotals(lines: readonly PricedLine[], coupon: Coupon | null): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineSubtotal(line), 0);
  const discount = couponDiscount(subtotal, coupon);
  return { subtotal, discount, total: subtotal - discount };
}
