import type { DetectedTerm, ScoreEvidence, TermSpan, Usage } from '@keisha/contracts/decoder';
import { clampScore } from './score-band.ts';
import { readEvidence } from './score-evidence.ts';

/** What the result view shows: the analysis as read defensively from the answer, and the text it was made for. */
export interface AnalysisResult {
  /** The article exactly as it was sent: the spans are offsets into it (the textarea may have changed since). */
  text: string;
  score: number;
  summary: string;
  terms: DetectedTerm[];
  translation: string;
  notes: string[];
  engine: string;
  /** What moved the score: the starting point, then the largest effects (empty when the answer has none). */
  evidence: ScoreEvidence[];
  /** `analysis.advanced` as it came (advanced detection or its teaser), read by the feature that shows it. */
  advanced?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOr = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function readSpans(value: unknown): TermSpan[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (span): span is TermSpan => isRecord(span) && Number.isInteger(span.start) && Number.isInteger(span.end),
  ).map(({ start, end }) => ({ start, end }));
}

function readTerm(value: unknown): DetectedTerm | null {
  if (!isRecord(value)) return null;
  const term = stringOr(value.term).trim();
  if (term === '') return null;
  const spans = readSpans(value.spans);
  const count = Number.isInteger(value.count) && (value.count as number) > 0 ? (value.count as number) : Math.max(1, spans.length);
  return {
    term,
    // Spec section 3: a detected term carries an explanation or a rationale.
    explanation: stringOr(value.explanation) || stringOr(value.rationale),
    is_codeword: value.is_codeword === true,
    count,
    category: stringOr(value.category),
    spans,
    source_url: stringOr(value.source_url),
  };
}

/**
 * The analysis answer as the screen can rely on it: a score from 0 to 100, strings where strings are
 * shown, and only the detected terms that have a name. Returns null when there is no analysis at all.
 */
export function readAnalysisResult(text: string, response: unknown): AnalysisResult | null {
  if (!isRecord(response) || !isRecord(response.analysis)) return null;
  const { analysis } = response;
  const terms = Array.isArray(analysis.detected_terms) ? analysis.detected_terms.map(readTerm).filter((t) => t !== null) : [];
  const translation = isRecord(response.translation) ? stringOr(response.translation.text) : stringOr(response.translation);
  const notes = Array.isArray(analysis.notes) ? analysis.notes.filter((n): n is string => typeof n === 'string' && n.trim() !== '') : [];
  return {
    text,
    score: clampScore(analysis.score),
    summary: stringOr(analysis.analysis_summary),
    terms,
    translation,
    notes,
    engine: stringOr(analysis.engine),
    evidence: readEvidence(analysis.evidence),
    ...(analysis.advanced === undefined ? {} : { advanced: analysis.advanced }),
  };
}

const TIERS = new Set(['guest', 'free', 'monthly', 'annual']);

/**
 * Spec section 5 ("Usage record validity"): the count is a non-negative number and the tier one of
 * guest, free, monthly, annual. A record that fails this is not trusted to allow an analysis.
 */
export function isValidUsageRecord(value: unknown): value is Usage {
  if (!isRecord(value)) return false;
  const count = value.daily_count;
  return typeof count === 'number' && Number.isFinite(count) && count >= 0 && typeof value.subscription_tier === 'string' && TIERS.has(value.subscription_tier);
}

/** The usage an answer carries, if it is one the screen can trust. */
export function readUsage(response: unknown): Usage | null {
  if (!isRecord(response)) return null;
  return isValidUsageRecord(response.usage) ? response.usage : null;
}
