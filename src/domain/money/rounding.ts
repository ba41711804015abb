// The one rounding rule of docs/design/money.md: half up (away from zero), on integers only.
// Every percentage in the product goes through applyPpm, so the rule lives and is tested here.

/** Parts per million in a whole: 7 % = 70_000 ppm. */
export const PPM = 1_000_000;

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
  }
}

/**
 * numerator / denominator rounded half away from zero, exactly. Uses the integer remainder
 * rather than floating division, whose floor can be off by one near 2^53.
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  let quotient = (magnitude - remainder) / denominator;
  if (remainder * 2 >= denominator) quotient += 1;
  if (quotient === 0) return 0; // never -0
  return numerator < 0 ? -quotient : quotient;
}

/** cents × rate, rounded half up to whole cents. The rate is in parts per million. */
export function applyPpm(cents: number, ratePpm: number): number {
  assertSafeInteger(cents, 'cents');
  assertSafeInteger(ratePpm, 'ratePpm');
  return divRoundHalfUp(cents * ratePpm, PPM);
}

/** A whole percent (0..100) as ppm: 15 → 150_000. */
export function percentToPpm(percent: number): number {
  assertSafeInteger(percent, 'percent');
  return percent * 10_000;
}

/**
 * Splits totalCents over parts in proportion to their weights (largest remainder; ties go to the
 * earlier part), so the shares add up to the total exactly. When totalCents ≤ Σ weights, no share
 * exceeds its weight: a promotion spread over lines never takes more than a line is worth.
 * BigInt because total × weight can pass 2^53 for large carts.
 */
export function allocateProportionally(totalCents: number, weights: readonly number[]): number[] {
  assertSafeInteger(totalCents, 'totalCents');
  if (totalCents < 0) throw new RangeError('totalCents must not be negative');
  weights.forEach((w) => {
    assertSafeInteger(w, 'weight');
    if (w < 0) throw new RangeError('weights must not be negative');
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum === 0) {
    if (totalCents !== 0) throw new RangeError('cannot allocate over zero weights');
    return weights.map(() => 0);
  }
  const total = BigInt(totalCents);
  const sum = BigInt(weightSum);
  const shares = weights.map((w) => {
    const product = total * BigInt(w);
    return { floor: Number(product / sum), remainder: product % sum };
  });
  let left = totalCents - shares.reduce((a, s) => a + s.floor, 0);
  const order = shares
    .map((s, index) => ({ index, remainder: s.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = shares.map((s) => s.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}
