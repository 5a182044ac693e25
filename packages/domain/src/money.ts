/** Money is integer cents everywhere but on screen. */
export type Cents = number;

// Made on first use and kept: building a currency formatter costs milliseconds, a list of prices
// would build one per price.
let usd: Intl.NumberFormat | undefined;

export function formatCents(cents: Cents): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** A total typed in dollars ("1,234.5") becomes cents once, here. Returns null when it is not a sum of money. */
export function dollarsToCents(input: string): Cents | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
