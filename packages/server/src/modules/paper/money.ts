/*
 * The rounding policy of the paper account. Amounts are JavaScript numbers, but every amount the engine stores is
 * rounded to a fixed number of decimals, so sums of stored amounts stay exact decimals and the same inputs give
 * bit-identical results on every run:
 * - money (USD: cash, fees, P&L, notional values) to 6 decimals (micro-dollars): exact up to 10^9 USD;
 * - prices and quantities to 8 decimals (a satoshi): exact up to 10^7 units.
 * Rounding is half away from zero; order sizes are rounded down, so an order never exceeds what sizing allows.
 */

export const MONEY_DECIMALS = 6;
export const PRICE_DECIMALS = 8;
export const QUANTITY_DECIMALS = 8;

/** A nudge of a few units in the last place of a double: more than multiplication noise, far less than a unit. */
const NOISE = 4 * Number.EPSILON;

/**
 * `x * 10^decimals`, pushed away from zero by the float noise of the multiplication (1.005 * 100 is
 * 100.49999999999999), so that the decimal the caller wrote rounds as written. Cheaper than a trip through
 * `toPrecision`, which matters: replay rounds millions of amounts.
 */
function scaled(x: number, decimals: number): number {
  const value = x * 10 ** decimals;
  return value + value * NOISE;
}

function roundHalfAwayFromZero(x: number, decimals: number): number {
  const value = scaled(x, decimals);
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  // `+ 0` turns -0 into 0, so a zero amount prints and compares as 0.
  return rounded / 10 ** decimals + 0;
}

export const roundMoney = (usd: number): number => roundHalfAwayFromZero(usd, MONEY_DECIMALS);
export const roundPrice = (price: number): number => roundHalfAwayFromZero(price, PRICE_DECIMALS);

/** An order size, rounded down to 8 decimals. */
export function floorQuantity(quantity: number): number {
  return Math.floor(scaled(quantity, QUANTITY_DECIMALS)) / 10 ** QUANTITY_DECIMALS + 0;
}

export const roundQuantity = (quantity: number): number => roundHalfAwayFromZero(quantity, QUANTITY_DECIMALS);

/** USD value of `quantity` at `price`, rounded to money. */
export const notional = (quantity: number, price: number): number => roundMoney(quantity * price);

/** `amount` basis points of `value` (1 bp = 0.01%), rounded to money. */
export const basisPoints = (value: number, bps: number): number => roundMoney((value * bps) / 10_000);
