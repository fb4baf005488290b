// Merging what an LLM found with what the embedded engine found (pure, tested).
import type { Analysis, DetectedTerm } from '@keisha/contracts/decoder';

export interface LlmFinding {
  score: number;
  summary: string;
  translation: string;
  terms: Array<{ term: string; explanation: string; is_codeword: boolean; category: string }>;
}

/** Every case-insensitive occurrence of `term` in `text`, as UTF-16 offsets. */
export function locate(text: string, term: string): Array<{ start: number; end: number }> {
  const needle = term.trim().toLowerCase();
  if (needle.length < 2) return [];
  const haystack = text.toLowerCase();
  const spans: Array<{ start: number; end: number }> = [];
  for (let at = haystack.indexOf(needle); at !== -1 && spans.length < 500; at = haystack.indexOf(needle, at + needle.length)) {
    spans.push({ start: at, end: at + needle.length });
  }
  return spans;
}

/**
 * The merged analysis. The score is the mean of both engines (the embedded score is calibrated on
 * labelled news; the model adds reading of context). The model's terms are kept only where they
 * occur in the article, so an invented term can never be shown; the embedded engine's entry wins for
 * a term both found, since its explanation carries a checked source.
 */
export function mergeFindings(text: string, embedded: Analysis, llm: LlmFinding): Analysis {
  const byTerm = new Map<string, DetectedTerm>(embedded.detected_terms.map((t) => [t.term.toLowerCase(), t]));
  for (const finding of llm.terms) {
    const key = finding.term.trim().toLowerCase();
    if (byTerm.has(key)) continue;
    const spans = locate(text, finding.term);
    if (spans.length === 0) continue;
    byTerm.set(key, {
      term: text.slice(spans[0]!.start, spans[0]!.end),
      explanation: finding.explanation.trim().slice(0, 1000),
      is_codeword: finding.is_codeword,
      count: spans.length,
      category: finding.category.trim().slice(0, 40) || 'loaded-language',
      spans,
      source_url: '',
    });
  }
  const score = Math.round((embedded.score + Math.min(100, Math.max(0, llm.score))) / 2);
  const summary = llm.summary.trim() ? `${llm.summary.trim()}\n\n${embedded.analysis_summary}` : embedded.analysis_summary;
  return {
    ...embedded,
    score,
    analysis_summary: summary,
    detected_terms: [...byTerm.values()],
    engine: 'embedded+llm',
  };
}
