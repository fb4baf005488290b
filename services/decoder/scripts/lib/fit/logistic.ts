/**
 * The score's model for scripts/fit-weights.ts: L2-penalised logistic regression on a few dense,
 * standardised features, p = 1 / (1 + e^-(b + sum_k w_k x_k)), fitted by iteratively reweighted
 * least squares (Newton's method), all written out here. The words model's thousands of sparse
 * columns use ../sparse-logistic.ts instead.
 */

/** Solve A x = y (A is d x d, row-major, symmetric positive definite) by Gaussian elimination with partial pivoting; A and y are overwritten. */
export function solve(a: Float64Array, y: Float64Array, d: number): Float64Array {
  for (let c = 0; c < d; c++) {
    let pivot = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r * d + c]!) > Math.abs(a[pivot * d + c]!)) pivot = r;
    if (pivot !== c) {
      for (let k = 0; k < d; k++) { const t = a[c * d + k]!; a[c * d + k] = a[pivot * d + k]!; a[pivot * d + k] = t; }
      const t = y[c]!; y[c] = y[pivot]!; y[pivot] = t;
    }
    for (let r = c + 1; r < d; r++) {
      const f = a[r * d + c]! / a[c * d + c]!;
      if (f === 0) continue;
      for (let k = c; k < d; k++) a[r * d + k]! -= f * a[c * d + k]!;
      y[r]! -= f * y[c]!;
    }
  }
  const x = new Float64Array(d);
  for (let r = d - 1; r >= 0; r--) {
    let s = y[r]!;
    for (let k = r + 1; k < d; k++) s -= a[r * d + k]! * x[k]!;
    x[r] = s / a[r * d + r]!;
  }
  return x;
}

/**
 * IRLS for L2-penalised logistic regression on standardised features; the intercept is not penalised.
 * `start` warm-starts Newton's method (the solution for a neighbouring penalty); the optimum does not
 * depend on it, only the number of iterations does. Returns [intercept, weights...].
 */
export function fitLogistic(z: number[][], y: number[], l2: number, start?: number[]): number[] {
  const d = z[0]!.length + 1;
  const beta = new Float64Array(d);
  if (start) beta.set(start);
  const x = new Float64Array(d);
  for (let iteration = 0; iteration < 50; iteration++) {
    const hessian = new Float64Array(d * d);
    const gradient = new Float64Array(d);
    for (let i = 0; i < z.length; i++) {
      const row = z[i]!;
      x[0] = 1;
      for (let k = 1; k < d; k++) x[k] = row[k - 1]!;
      let eta = 0;
      for (let k = 0; k < d; k++) eta += x[k]! * beta[k]!;
      const p = 1 / (1 + Math.exp(-eta));
      const w = Math.max(p * (1 - p), 1e-9);
      const r = y[i]! - p;
      for (let a = 0; a < d; a++) {
        gradient[a]! += r * x[a]!;
        const wa = w * x[a]!;
        for (let b = a; b < d; b++) hessian[a * d + b]! += wa * x[b]!;
      }
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hessian[a * d + b] = hessian[b * d + a]!;
    for (let a = 1; a < d; a++) {
      gradient[a]! -= l2 * beta[a]!;
      hessian[a * d + a]! += l2;
    }
    const step = solve(hessian, gradient, d);
    let largest = 0;
    for (let k = 0; k < d; k++) { beta[k]! += step[k]!; largest = Math.max(largest, Math.abs(step[k]!)); }
    if (largest < 1e-9) break;
  }
  return [...beta];
}

export interface Standardised {
  rows: number[][];
  mean: number[];
  sd: number[];
}

/** Each column centred on its mean and divided by its standard deviation (1 for a constant column). */
export function standardise(x: number[][]): Standardised {
  const d = x[0]!.length;
  const mean = Array.from({ length: d }, (_, k) => x.reduce((s, r) => s + r[k]!, 0) / x.length);
  const sd = Array.from({ length: d }, (_, k) => Math.sqrt(x.reduce((s, r) => s + (r[k]! - mean[k]!) ** 2, 0) / x.length) || 1);
  return { rows: x.map((r) => r.map((v, k) => (v - mean[k]!) / sd[k]!)), mean, sd };
}

/** The standardised design matrix of the named feature columns (n rows). */
export function matrixOf(names: string[], columns: ReadonlyMap<string, number[]>, n: number): number[][] {
  return standardise(Array.from({ length: n }, (_, i) => names.map((name) => columns.get(name)![i]!))).rows;
}

/** Mean log-loss (negative log-likelihood per sentence) of linear scores z against 0/1 labels. */
export function logLoss(z: number[], labels: number[]): number {
  let sum = 0;
  // log(1 + e^-z) for a Biased sentence, log(1 + e^z) for a Non-biased one, computed stably.
  for (let i = 0; i < z.length; i++) {
    const m = labels[i] === 1 ? -z[i]! : z[i]!;
    sum += m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m));
  }
  return sum / z.length;
}
