/**
 * Advanced detection (issue 28, item 1): what a Monthly or Annual reader's analysis adds to the score,
 * terms, summary and translation every reader gets. Pure, no I/O: the article, the plan's answer and
 * (when a language model is configured and answered) its own reading in, the contract's `advanced` out.
 *
 *   - the per-sentence bias strip (strip.ts): each sentence scored by the embedded scorer;
 *   - agency-hiding (agency.ts): passive clauses, which name no agent, which are harm done to someone;
 *   - sourcing balance (sourcing.ts): who is quoted, as what kind of source, with which verb and words;
 *   - a second opinion: the model's own score and summary beside the embedded engine's.
 *
 * Guests and free readers get the teaser: the names of the parts, never their data.
 */
import { ADVANCED_TIERS, type AdvancedDetection, type AdvancedPart, type AdvancedTeaser, type DecoderTier } from '@keisha/contracts/decoder';
import { tokenize } from '../analyzer/tokenize.ts';
import { passiveClauses } from './agency.ts';
import { biasStrip } from './strip.ts';
import { sourcingBalance } from './sourcing.ts';

/** The model's own reading of the article, kept apart from the merged result (plugins/llm-engine.ts). */
export interface ModelOpinion {
  model: string;
  score: number;
  summary: string;
}

/** Where the teaser sends a reader to upgrade. */
export const UPGRADE_PATH = '/pricing';
/** The clause and attribution lists stop here (a 30,000-word article would otherwise send thousands). */
export const LIST_MAX = 200;

export function includesAdvanced(tier: DecoderTier): boolean {
  return ADVANCED_TIERS.includes(tier);
}

export function advancedTeaser(modelConfigured: boolean): AdvancedTeaser {
  const parts: AdvancedPart[] = ['sentence_strip', 'agency', 'sourcing'];
  if (modelConfigured) parts.push('second_opinion');
  return { locked: true, parts, upgrade_path: UPGRADE_PATH };
}

export function advancedDetection(text: string, threshold: number, embeddedScore: number, opinion?: ModelOpinion): AdvancedDetection {
  const tokens = tokenize(text);
  const strip = biasStrip(text, tokens);
  const clauses = passiveClauses(text, tokens);
  const sourcing = sourcingBalance(text, tokens);
  const agentless = clauses.filter((c) => !c.agentNamed);
  return {
    locked: false,
    sentences: strip.sentences,
    sentences_total: strip.total,
    agency: {
      passives: clauses.length,
      agentless: agentless.length,
      agentless_harm: agentless.filter((c) => c.harm).length,
      clauses: clauses.slice(0, LIST_MAX).map((c) => ({ start: c.start, end: c.end, verb: c.verb, sentence: c.sentence, agent_named: c.agentNamed, harm: c.harm })),
    },
    sourcing: {
      counts: sourcing.counts,
      doubting: sourcing.doubting,
      attributions: sourcing.attributions.slice(0, LIST_MAX),
    },
    second_opinion: opinion
      ? {
          model: opinion.model,
          score: Math.min(100, Math.max(0, Math.round(opinion.score))),
          embedded_score: embeddedScore,
          // Both readings on the same side of the engine's threshold.
          agrees: opinion.score >= threshold === embeddedScore >= threshold,
          summary: opinion.summary,
        }
      : null,
  };
}

/** The `advanced` part of a reader's analysis: computed for the plans that include it, the teaser otherwise. */
export function advancedFor(tier: DecoderTier, text: string, analysis: { threshold: number; score: number }, options: { modelConfigured: boolean; opinion?: ModelOpinion; embeddedScore?: number }): AdvancedDetection | AdvancedTeaser {
  if (!includesAdvanced(tier)) return advancedTeaser(options.modelConfigured);
  return advancedDetection(text, analysis.threshold, options.embeddedScore ?? analysis.score, options.opinion);
}

interface OutcomeLike {
  analysis: { threshold: number; score: number; engine: string; advanced?: AdvancedDetection | AdvancedTeaser };
  modelFailed?: true;
  opinion?: ModelOpinion & { embeddedScore: number };
}

/**
 * An engine's outcome with its `advanced` part for a reader on `tier`. A model is configured when it took part
 * in the analysis or was asked and failed: only then does the teaser promise its second opinion.
 */
export function withAdvanced<T extends OutcomeLike>(outcome: T, text: string, tier: DecoderTier): T & { analysis: T['analysis'] & { advanced: AdvancedDetection | AdvancedTeaser } } {
  // Added already where the engine ran (the analysis thread, issue 29's fair share of the event loop).
  if (outcome.analysis.advanced) return outcome as T & { analysis: T['analysis'] & { advanced: AdvancedDetection | AdvancedTeaser } };
  const modelConfigured = outcome.analysis.engine !== 'embedded' || outcome.modelFailed === true;
  const advanced = advancedFor(tier, text, outcome.analysis, { modelConfigured, opinion: outcome.opinion, embeddedScore: outcome.opinion?.embeddedScore });
  return { ...outcome, analysis: { ...outcome.analysis, advanced } };
}
