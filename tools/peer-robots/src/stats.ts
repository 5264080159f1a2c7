// The match's figure: the mean of a per-board difference with its 95% confidence interval
// (Student's t over boards).

export interface Interval {
  n: number;
  mean: number;
  sd: number;
  /** Half the width of the 95% interval: mean ± half. NaN for fewer than two boards. */
  half: number;
}

/** Student's t 0.975 quantile for `df` degrees of freedom: exact for df 1 and 2, the
 *  Cornish-Fisher expansion beyond (within 0.001 from df 3 on). */
export function t975(df: number): number {
  if (df < 1) return NaN;
  if (df === 1) return 12.706;
  if (df === 2) return 4.303;
  const z = 1.959964;
  const z3 = z ** 3, z5 = z ** 5, z7 = z ** 7, z9 = z ** 9;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3) +
    (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df ** 4)
  );
}

export function meanInterval(xs: number[]): Interval {
  const n = xs.length;
  const mean = n ? xs.reduce((a, b) => a + b, 0) / n : NaN;
  const sd = n > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  return { n, mean, sd, half: n > 1 ? (t975(n - 1) * sd) / Math.sqrt(n) : NaN };
}

/** One board played both ways: our robots' side's score less the peer's side's at each table. */
export interface BoardPair {
  board: number;
  /** Our robots N-S, the peer E-W: N-S points less E-W points. */
  oursNs: number;
  /** The peer N-S, our robots E-W: E-W points less N-S points. */
  oursEw: number;
}

/** Per board, ours less theirs averaged over the two orientations. */
export function perBoard(pairs: BoardPair[]): number[] {
  return pairs.map((p) => (p.oursNs + p.oursEw) / 2);
}
