/**
 * What advanced detection adds, measured (issue 28, item 1). `node scripts/eval-advanced.ts [--babe FILE] [--per-article N]`.
 *
 * 1. The per-sentence strip, on BABE's held-out half (the sentences the scorer's fitting never read): the
 *    held-out sentences, in a deterministic order, are joined into articles of N sentences (8 by default); each
 *    article goes through the strip, which must find its sentences again (segmentation), and each sentence's strip
 *    score is judged against that sentence's label. Beside it, what every reader gets today: the article's one
 *    score given to all its sentences. And in articles that mix both labels, how often the strip's most loaded
 *    sentence is a Biased one, against the share of Biased sentences in them (what picking one at random gives).
 * 2. Agency-hiding, on our own hand-labelled sentences (src/domain/advanced/fixtures/agency-labelled.json):
 *    precision and recall of "an agentless passive" and of "an agentless passive of harm", beside the analyzer's
 *    own agentless-passive term (match.ts), which a guest's analysis has.
 * BABE is read from ../shared/eval and never copied (evaluation only, AGPL).
 */
import { readFileSync } from 'node:fs';
import { analyzeArticle } from '../src/domain/analyzer/index.ts';
import { weights } from '../src/domain/analyzer/score.ts';
import { tokenize } from '../src/domain/analyzer/tokenize.ts';
import { passiveClauses } from '../src/domain/advanced/agency.ts';
import { biasStrip } from '../src/domain/advanced/strip.ts';
import labelled from '../src/domain/advanced/fixtures/agency-labelled.json' with { type: 'json' };
import { evalPath, half, parseBabe, requireFile } from './lib/eval-data.ts';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** ROC AUC by ranks (ties count half). */
function auc(scores: number[], positive: boolean[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]![0] === order[i]![0]) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (positive[order[k]![1]]) (rankSum += rank), pos++;
    i = j;
  }
  const neg = order.length - pos;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

function macroF1(predicted: boolean[], actual: boolean[]): number {
  const f1 = (cls: boolean) => {
    let tp = 0, fp = 0, fn = 0;
    for (let i = 0; i < actual.length; i++) {
      if (predicted[i] === cls && actual[i] === cls) tp++;
      else if (predicted[i] === cls) fp++;
      else if (actual[i] === cls) fn++;
    }
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  };
  return (f1(true) + f1(false)) / 2;
}

function hash(text: string): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) >>> 0;
  return h;
}

function stripFigures(babeFile: string, perArticle: number) {
  const rows = parseBabe(requireFile(babeFile, 'BABE')).filter((r) => half(r.text) === 1);
  // A deterministic order that is not the file's (neighbours in the file share outlets and topics).
  const sentences = rows.map((r) => ({ text: r.text.trim().replace(/\s+/g, ' '), biased: r.label === 'Biased' })).sort((a, b) => hash(a.text) - hash(b.text));
  const stripScores: number[] = [];
  const articleScores: number[] = [];
  const labels: boolean[] = [];
  let articles = 0, segmented = 0, split = 0, merged = 0, mixed = 0, topBiased = 0, biasedShare = 0, stripMs = 0;
  for (let at = 0; at + perArticle <= sentences.length; at += perArticle) {
    const group = sentences.slice(at, at + perArticle);
    const text = group.map((s) => s.text).join(' ');
    const articleScore = analyzeArticle(text).score;
    const t0 = performance.now();
    const strip = biasStrip(text);
    stripMs += performance.now() - t0;
    articles++;
    // Each held-out item is judged by the strip's sentences that overlap it: an item BABE holds as one "sentence" is
    // sometimes two or three, and the strip then shows its most loaded one; two items the strip could not part
    // share that sentence's score.
    let offset = 0;
    const itemScores = group.map((s) => {
      const start = offset;
      const end = start + s.text.length;
      offset = end + 1;
      const over = strip.sentences.filter((x) => x.start < end && x.end > start);
      if (over.length === 1 && over[0]!.start === start && over[0]!.end === end) segmented++;
      if (over.length > 1) split++;
      if (over.some((x) => x.start < start || x.end > end)) merged++;
      return Math.max(0, ...over.map((x) => x.score));
    });
    group.forEach((s, i) => {
      stripScores.push(itemScores[i]!);
      articleScores.push(articleScore);
      labels.push(s.biased);
    });
    const positives = group.filter((s) => s.biased).length;
    if (positives > 0 && positives < group.length) {
      mixed++;
      biasedShare += positives / group.length;
      let top = 0;
      itemScores.forEach((score, i) => {
        if (score > itemScores[top]!) top = i;
      });
      if (group[top]!.biased) topBiased++;
    }
  }
  return {
    heldOutSentences: sentences.length,
    articles,
    itemsFoundExactly: segmented,
    itemsSplitInSeveral: split,
    itemsMergedWithANeighbour: merged,
    judgedItems: labels.length,
    strip: { auc: auc(stripScores, labels), macroF1: macroF1(stripScores.map((s) => s >= weights.threshold), labels) },
    articleScoreForEverySentence: { auc: auc(articleScores, labels), macroF1: macroF1(articleScores.map((s) => s >= weights.threshold), labels) },
    mixedArticles: mixed,
    topSentenceBiased: topBiased / mixed,
    randomSentenceBiased: biasedShare / mixed,
    stripMsPerArticle: stripMs / articles,
  };
}

function prf(predicted: boolean[], actual: boolean[]) {
  let tp = 0, fp = 0, fn = 0;
  predicted.forEach((p, i) => {
    if (p && actual[i]) tp++;
    else if (p) fp++;
    else if (actual[i]) fn++;
  });
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  return { tp, fp, fn, precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

function agencyFigures() {
  const items = labelled.sentences;
  const found = items.map((s) => passiveClauses(s.text, tokenize(s.text)).filter((c) => !c.agentNamed));
  const analyzerTerm = items.map((s) => analyzeArticle(s.text).signals.agencyHidingOccurrences > 0);
  return {
    sentences: items.length,
    agentlessPositives: items.filter((s) => s.agentless).length,
    harmPositives: items.filter((s) => s.harm).length,
    advanced: {
      agentless: prf(found.map((c) => c.length > 0), items.map((s) => s.agentless)),
      agentlessHarm: prf(found.map((c) => c.some((x) => x.harm)), items.map((s) => s.harm)),
    },
    analyzerTerm: {
      agentless: prf(analyzerTerm, items.map((s) => s.agentless)),
      agentlessHarm: prf(analyzerTerm, items.map((s) => s.harm)),
    },
  };
}

const perArticle = Number(option('--per-article') ?? 8);
const figures = { strip: stripFigures(option('--babe') ?? evalPath('babe-dev.csv'), perArticle), agency: agencyFigures() };
console.log(JSON.stringify(figures, (_key, value) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(4)) : value), 2));
