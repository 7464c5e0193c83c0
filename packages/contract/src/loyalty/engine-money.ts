/**
 * Exact decimal arithmetic of the rebate engine (LOY-34, LOY-35): amounts as integer cents (rates as
 * millionths) multiplied as BigInt, rounded half away from zero like PostgreSQL's round(numeric, 2).
 */

/** A decimal (number or numeric string) as an integer of 10^-scale units, rounded half away from zero. */
export function toScaled(value: number | string, scale: number): bigint {
  const s = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal: ${String(value)}`);
  const negative = m[1] === '-';
  const whole = m[2] || '0';
  const frac = m[3] ?? '';
  const kept = (frac + '0'.repeat(scale)).slice(0, scale);
  let n = BigInt(whole + kept);
  const next = frac.length > scale ? Number(frac[scale]) : 0;
  if (next >= 5) n += 1n;
  return negative ? -n : n;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  // Shortest round-trip text; exponent forms only happen far outside money ranges.
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(12) : s;
}

export const toCents = (value: number | string) => toScaled(value, 2);
export const fromCents = (cents: bigint) => Number(cents) / 100;

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}
