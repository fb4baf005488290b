import type { ScoreEvidence } from '@keisha/contracts/decoder';

const KINDS = new Set(['baseline', 'term', 'framing', 'words']);
/** At most this many pieces besides the starting point are shown, whatever an answer holds. */
export const EVIDENCE_SHOWN = 5;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The score's evidence as read defensively from an answer (issue 31): pieces with a known kind, a
 * label and a whole number of points; the starting point first when there is one. An older answer or
 * the model's has none: the view then shows nothing for it.
 */
export function readEvidence(value: unknown): ScoreEvidence[] {
  if (!Array.isArray(value)) return [];
  const pieces = value.filter(
    (piece): piece is ScoreEvidence =>
      isRecord(piece) && typeof piece.kind === 'string' && KINDS.has(piece.kind) && typeof piece.label === 'string' && piece.label.trim() !== '' && Number.isInteger(piece.effect),
  ).map(({ kind, label, effect }) => ({ kind, label, effect }));
  const baseline = pieces.find((p) => p.kind === 'baseline');
  const moved = pieces.filter((p) => p.kind !== 'baseline' && p.effect !== 0).slice(0, EVIDENCE_SHOWN);
  return baseline ? [baseline, ...moved] : moved;
}

/**
 * What the shown pieces leave out: each effect is measured alone from the typical sentence, and only the
 * largest are shown, so the starting point plus the pieces reaches the score only roughly. The rest (smaller
 * effects, and the way effects combine on the logistic curve) is named too, so the list adds up to the score.
 * Null without a starting point (an answer with no evidence of ours).
 */
export function evidenceRest(evidence: ScoreEvidence[], score: number): number | null {
  const baseline = evidence.find((piece) => piece.kind === 'baseline');
  if (!baseline) return null;
  return evidence.reduce((rest, piece) => (piece === baseline ? rest : rest - piece.effect), score - baseline.effect);
}

/** "+15", "-12": the points a piece moves the score. */
export function effectText(effect: number): string {
  return effect > 0 ? `+${effect}` : `\u2212${Math.abs(effect)}`;
}
