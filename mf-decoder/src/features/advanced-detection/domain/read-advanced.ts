// The `advanced` part of an analysis answer, read defensively (an older history entry has none, a
// guest's is the teaser): what the advanced-detection section can rely on.
import type { AdvancedDetection, AdvancedPart, AdvancedTeaser, SourceCounts, SourceType } from '@keisha/contracts/decoder';

export type AdvancedView = { kind: 'none' } | { kind: 'teaser'; teaser: AdvancedTeaser } | { kind: 'detection'; detection: AdvancedDetection };

const PARTS: readonly AdvancedPart[] = ['sentence_strip', 'agency', 'sourcing', 'second_opinion'];
export const SOURCE_TYPES: readonly SourceType[] = ['official', 'community', 'expert', 'unnamed', 'other'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function counts(value: unknown): SourceCounts {
  const record = isRecord(value) ? value : {};
  return { official: int(record.official), community: int(record.community), expert: int(record.expert), unnamed: int(record.unnamed), other: int(record.other) };
}

/** Offsets inside the article, or the item is dropped. */
function within(text: string, item: Record<string, unknown>): boolean {
  return Number.isInteger(item.start) && Number.isInteger(item.end) && (item.start as number) >= 0 && (item.start as number) <= (item.end as number) && (item.end as number) <= text.length;
}

export function readAdvanced(text: string, value: unknown): AdvancedView {
  if (!isRecord(value)) return { kind: 'none' };
  if (value.locked === true) {
    const parts = list(value.parts).filter((part): part is AdvancedPart => PARTS.includes(part as AdvancedPart));
    const path = str(value.upgrade_path);
    // Only a path of this site: the answer never sends a reader elsewhere.
    return { kind: 'teaser', teaser: { locked: true, parts, upgrade_path: path.startsWith('/') && !path.startsWith('//') ? path : '/pricing' } };
  }
  if (value.locked !== false) return { kind: 'none' };
  const agency = isRecord(value.agency) ? value.agency : {};
  const sourcing = isRecord(value.sourcing) ? value.sourcing : {};
  const opinion = isRecord(value.second_opinion) ? value.second_opinion : null;
  const sentences = list(value.sentences).filter(isRecord).filter((s) => within(text, s));
  return {
    kind: 'detection',
    detection: {
      locked: false,
      sentences: sentences.map((s) => ({ start: s.start as number, end: s.end as number, score: Math.min(100, Math.max(0, int(s.score))) })),
      sentences_total: Math.max(int(value.sentences_total), sentences.length),
      agency: {
        passives: int(agency.passives),
        agentless: int(agency.agentless),
        agentless_harm: int(agency.agentless_harm),
        clauses: list(agency.clauses)
          .filter(isRecord)
          .filter((c) => within(text, c))
          .map((c) => ({ start: c.start as number, end: c.end as number, verb: str(c.verb), sentence: int(c.sentence), agent_named: c.agent_named === true, harm: c.harm === true })),
      },
      sourcing: {
        counts: counts(sourcing.counts),
        doubting: counts(sourcing.doubting),
        attributions: list(sourcing.attributions)
          .filter(isRecord)
          .filter((a) => within(text, a))
          .map((a) => ({
            start: a.start as number,
            end: a.end as number,
            speaker: str(a.speaker),
            type: SOURCE_TYPES.includes(a.type as SourceType) ? (a.type as SourceType) : 'other',
            verb: str(a.verb),
            doubting: a.doubting === true,
            describing: list(a.describing)
              .filter(isRecord)
              .map((d) => ({ word: str(d.word), loaded: d.loaded === true }))
              .filter((d) => d.word !== ''),
            sentence: int(a.sentence),
          })),
      },
      second_opinion: opinion
        ? { model: str(opinion.model), score: int(opinion.score), embedded_score: int(opinion.embedded_score), agrees: opinion.agrees === true, summary: str(opinion.summary) }
        : null,
    },
  };
}

/** The sentences with the highest scores, highest first, at most `count`, in a stable order. */
export function mostLoaded<T extends { score: number }>(sentences: readonly T[], count: number): Array<T & { index: number }> {
  return sentences
    .map((s, index) => ({ ...s, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count);
}
