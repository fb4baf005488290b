import type { DetectedTerm } from '@keisha/contracts/decoder';

// How the findings read on screen: category names, counts per category, summary paragraphs, and links.

/** Spec section 2: the result's section and tab titles, shared by the screen and the exported report. */
export const RESULT_TITLES = {
  original: 'Original Text',
  translation: 'Keisha Translation',
  euphemisms: 'Detected Euphemisms',
  summary: 'Analyst Summary',
} as const;

/** Spec section 2: what 'Detected Euphemisms' says when there are none. */
export const NO_EUPHEMISMS = 'No fragile euphemisms detected.';

/** Spec section 2: the badge of a covert racial codeword. */
export const CODEWORD_BADGE = 'WF codeword';

/** The ×count badge of a term found more than once; null for a single occurrence. */
export function repeatBadge(count: number): string | null {
  return count > 1 ? `×${count}` : null;
}

/** The engine's category slugs, as a reader would name them. */
const CATEGORY_LABELS: Record<string, string> = {
  'coded-racial': 'Coded racial language',
  'coded-anti-immigrant': 'Coded anti-immigrant language',
  'white-supremacist-signal': 'White-supremacist signal',
  dehumanizing: 'Dehumanizing language',
  euphemism: 'Euphemism',
  'loaded-language': 'Loaded language',
  'agency-hiding': 'Agency-hiding',
};

/** A category slug as words: the known ones by name, any other with its dashes and underscores as spaces. */
export function categoryLabel(category: string): string {
  const slug = category.trim();
  const known = CATEGORY_LABELS[slug.toLowerCase()];
  if (known) return known;
  const words = slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words === '' ? 'Other' : words.charAt(0).toUpperCase() + words.slice(1);
}

export interface CategoryCount {
  label: string;
  count: number;
}

/** Occurrences per category, most first (then by name): what the counts line above the list shows. */
export function categoryCounts(terms: ReadonlyArray<Pick<DetectedTerm, 'category' | 'count'>>): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const term of terms) {
    const label = categoryLabel(term.category);
    counts.set(label, (counts.get(label) ?? 0) + Math.max(1, term.count));
  }
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** e.g. 'Coded racial language 2 · Agency-hiding 1'. */
export function categoryCountsLine(terms: ReadonlyArray<Pick<DetectedTerm, 'category' | 'count'>>): string {
  return categoryCounts(terms)
    .map(({ label, count }) => `${label} ${count}`)
    .join(' · ');
}

/** Spec section 2 ("Analyst Summary"): paragraphs are separated by blank lines. */
export function summaryParagraphs(summary: string): string[] {
  return summary
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** A source link only if it is a plain web address: no javascript:, data: or relative URLs reach an href. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
