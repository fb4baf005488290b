/** Evaluation metrics, written out so that every figure can be checked by hand. */

export interface BinaryCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export function binaryCounts(predicted: boolean[], gold: boolean[]): BinaryCounts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  predicted.forEach((p, i) => {
    const g = gold[i]!;
    if (p && g) c.tp++;
    else if (p) c.fp++;
    else if (g) c.fn++;
    else c.tn++;
  });
  return c;
}

export function f1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

/** Mean of the F1 of each class (Biased as positive, then Non-biased as positive). */
export function macroF1(predicted: boolean[], gold: boolean[]): number {
  const c = binaryCounts(predicted, gold);
  return (f1(c.tp, c.fp, c.fn) + f1(c.tn, c.fn, c.fp)) / 2;
}

/** ROC AUC by the rank-sum (Mann-Whitney) formula; tied scores get their average rank. */
export function rocAuc(scores: number[], gold: boolean[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(scores.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const average = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = average;
    i = j + 1;
  }
  let positives = 0;
  let rankSum = 0;
  gold.forEach((g, i) => {
    if (g) { positives++; rankSum += ranks[i]!; }
  });
  const negatives = gold.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

export function prf(tp: number, fp: number, fn: number): Prf {
  return { precision: tp + fp ? tp / (tp + fp) : 0, recall: tp + fn ? tp / (tp + fn) : 0, f1: f1(tp, fp, fn), tp, fp, fn };
}

/** The q-quantile of ascending values (the nearest rank below), NaN when there are none. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
