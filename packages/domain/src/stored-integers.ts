/**
 * The largest value of a PostgreSQL `integer` column (int4). zod's `.int()` allows any safe integer
 * (up to 2^53), so every integer input stored in such a column also carries `.max(int4Max)`: past it
 * the database refuses the row and the caller would get a 500 instead of a field error.
 */
export const int4Max = 2_147_483_647;

/** A cart whose total would not fit an amount column (a price near int4Max times several tickets). */
export const amountTooLargeMessage = 'This order is too large to pay at once. Please buy fewer tickets per order.';
