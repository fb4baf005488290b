/**
 * L2-penalised logistic regression on sparse rows, for the words model of scripts/fit-weights.ts
 * (thousands of word columns, where the Newton steps of the dense fit would need a matrix of
 * thousands squared). Minimises
 *
 *   sum_i log(1 + e^(-s_i z_i)) + 1/2 sum_j lambda_j beta_j^2,   z_i = beta_0 + sum_j beta_j x_ij,  s_i = +-1
 *
 * by L-BFGS (limited-memory quasi-Newton, 12 pairs) with a backtracking line search. The objective
 * is strictly convex when every lambda_j > 0, so the optimum does not depend on where it starts.
 */

/** One row: the indexes (1..d-1; column 0 is the intercept, implicit) and values of its non-zero columns. */
export interface SparseRow {
  idx: Int32Array;
  val: Float64Array;
}

export function sparseRow(entries: Iterable<readonly [number, number]>): SparseRow {
  const list = [...entries];
  return { idx: Int32Array.from(list.map((e) => e[0])), val: Float64Array.from(list.map((e) => e[1])) };
}

export function linearScore(row: SparseRow, beta: Float64Array): number {
  let z = beta[0]!;
  for (let k = 0; k < row.idx.length; k++) z += beta[row.idx[k]!]! * row.val[k]!;
  return z;
}

/** Penalised negative log-likelihood and its gradient (written into `gradient`). */
function objective(rows: SparseRow[], y: ArrayLike<number>, lambda: Float64Array, beta: Float64Array, gradient: Float64Array): number {
  gradient.fill(0);
  let loss = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const z = linearScore(row, beta);
    const margin = y[i] === 1 ? -z : z;
    loss += margin > 0 ? margin + Math.log1p(Math.exp(-margin)) : Math.log1p(Math.exp(margin));
    const residual = 1 / (1 + Math.exp(-z)) - y[i]!;
    gradient[0]! += residual;
    for (let k = 0; k < row.idx.length; k++) gradient[row.idx[k]!]! += residual * row.val[k]!;
  }
  for (let j = 1; j < beta.length; j++) {
    loss += 0.5 * lambda[j]! * beta[j]! * beta[j]!;
    gradient[j]! += lambda[j]! * beta[j]!;
  }
  return loss;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j]! * b[j]!;
  return s;
};

/**
 * Fits beta (length d: intercept, then columns 1..d-1) for labels y in {0, 1}. `lambda[j]` is the
 * penalty of column j (lambda[0], the intercept's, is ignored).
 */
export function fitSparseLogistic(rows: SparseRow[], y: ArrayLike<number>, d: number, lambda: Float64Array, maxIterations = 1000): Float64Array {
  const memory = 12;
  const penalty = Float64Array.from(lambda, (v, j) => (j === 0 ? 0 : v));
  const beta = new Float64Array(d);
  let gradient = new Float64Array(d);
  let loss = objective(rows, y, penalty, beta, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rho: number[] = [];
  const alpha = new Array<number>(memory).fill(0);
  const direction = new Float64Array(d);
  const candidate = new Float64Array(d);
  let candidateGradient = new Float64Array(d);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // Two-loop recursion: direction = -H gradient, H the L-BFGS estimate of the inverse Hessian.
    for (let j = 0; j < d; j++) direction[j] = -gradient[j]!;
    for (let k = steps.length - 1; k >= 0; k--) {
      alpha[k] = rho[k]! * dot(steps[k]!, direction);
      const change = changes[k]!;
      for (let j = 0; j < d; j++) direction[j]! -= alpha[k]! * change[j]!;
    }
    const scale = steps.length
      ? dot(steps[steps.length - 1]!, changes[changes.length - 1]!) / dot(changes[changes.length - 1]!, changes[changes.length - 1]!)
      : 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
    for (let j = 0; j < d; j++) direction[j]! *= scale;
    for (let k = 0; k < steps.length; k++) {
      const b = rho[k]! * dot(changes[k]!, direction);
      const step = steps[k]!;
      for (let j = 0; j < d; j++) direction[j]! += step[j]! * (alpha[k]! - b);
    }
    let slope = dot(gradient, direction);
    if (slope >= 0) {
      // Not a descent direction (rounding): restart from steepest descent.
      for (let j = 0; j < d; j++) direction[j] = -gradient[j]!;
      slope = -dot(gradient, gradient);
      steps.length = changes.length = rho.length = 0;
    }
    let t = 1;
    let next = loss;
    for (let search = 0; search < 50; search++) {
      for (let j = 0; j < d; j++) candidate[j] = beta[j]! + t * direction[j]!;
      next = objective(rows, y, penalty, candidate, candidateGradient);
      if (next <= loss + 1e-4 * t * slope) break;
      t /= 2;
    }
    const step = new Float64Array(d);
    const change = new Float64Array(d);
    for (let j = 0; j < d; j++) {
      step[j] = candidate[j]! - beta[j]!;
      change[j] = candidateGradient[j]! - gradient[j]!;
    }
    const gained = loss - next;
    beta.set(candidate);
    [gradient, candidateGradient] = [candidateGradient, gradient];
    loss = next;
    const curvature = dot(step, change);
    if (curvature > 1e-12) {
      steps.push(step);
      changes.push(change);
      rho.push(1 / curvature);
      if (steps.length > memory) { steps.shift(); changes.shift(); rho.shift(); }
    }
    let largest = 0;
    for (let j = 0; j < d; j++) largest = Math.max(largest, Math.abs(gradient[j]!));
    if (largest < 1e-7 || gained <= 1e-12 * Math.max(1, Math.abs(loss))) break;
  }
  return beta;
}
