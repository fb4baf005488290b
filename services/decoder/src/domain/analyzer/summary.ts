/**
 * The analyst summary: 2-4 paragraphs, separated by blank lines, generated from the findings and
 * the signals. The strongest evidence is named first, with its terms quoted.
 */
import type { Finding } from './findings.ts';
import type { FramingCounts } from './framing.ts';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function quoted(findings: Finding[], max: number): string {
  const list = findings.slice(0, max).map((f) => `"${f.term}"${f.count > 1 ? ` (×${f.count})` : ''}`);
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

export function analystSummary(findings: Finding[], counts: FramingCounts, score: number, threshold: number): string {
  if (counts.words === 0) {
    return 'There is no text to analyse: the article is empty or contains only spaces and symbols.\n\nPaste the text of an article to get a score, the coded terms it uses and a plain-language translation.';
  }
  const paragraphs: string[] = [];
  const codewords = findings.filter((f) => f.is_codeword);
  const framing = findings.filter((f) => !f.is_codeword && f.rank <= 3);
  const loadedWords = findings.filter((f) => f.rank === 4);
  const listedLoaded = loadedWords.filter((f) => f.kind !== undefined && f.kind !== 'marked');
  const occurrences = (list: Finding[]) => list.reduce((n, f) => n + f.count, 0);

  const verdict =
    score >= threshold
      ? `The framing reads as loaded: the bias score is ${score} of 100, at or above the engine's threshold of ${threshold}.`
      : `The framing reads as mostly even-handed: the bias score is ${score} of 100, below the engine's threshold of ${threshold}.`;
  const found: string[] = [];
  if (codewords.length) found.push(plural(occurrences(codewords), 'coded racial term', 'coded racial terms'));
  if (framing.length) found.push(plural(occurrences(framing), 'euphemism, agency-hiding or loaded framing phrase', 'euphemisms, agency-hiding or loaded framing phrases'));
  if (loadedWords.length) found.push(plural(occurrences(loadedWords), 'loaded word', 'loaded words'));
  const inventory =
    codewords.length === 0 && framing.length === 0
      ? `I found no coded racial language, no euphemisms and no agency-hiding wording in these ${plural(counts.words, 'word', 'words')}.`
      : `In ${plural(counts.words, 'word', 'words')} I found ${found.join(', ')}.`;
  paragraphs.push(`${verdict} ${inventory}`);

  const strongest = findings.find((f) => f.rank <= 3);
  if (strongest) {
    let evidence = `The strongest evidence is "${strongest.term}"${strongest.count > 1 ? ` (${strongest.count} times)` : ''}: ${strongest.explanation}`;
    const otherCodewords = codewords.filter((f) => f !== strongest);
    if (otherCodewords.length) evidence += ` Other coded terms: ${quoted(otherCodewords, 4)}.`;
    const otherFraming = framing.filter((f) => f !== strongest);
    if (otherFraming.length) evidence += ` Euphemism, agency-hiding and loaded framing: ${quoted(otherFraming, 3)}.`;
    paragraphs.push(evidence);
  } else if (loadedWords.length && score >= threshold) {
    paragraphs.push(`No coded terms were found; the score comes from the wording itself, such as ${quoted(loadedWords, 3)}.`);
  }

  const framingParts = [
    // The count is of the lists' loaded words (what the score reads), so its examples are those, not tagged words.
    plural(counts.loaded, 'loaded word', 'loaded words') + (listedLoaded.length ? ` (${quoted(listedLoaded, 3)})` : ''),
    plural(counts.strong, 'strongly subjective word', 'strongly subjective words'),
    plural(counts.hedges, 'hedge', 'hedges'),
    plural(counts.intensifiers, 'intensifier', 'intensifiers'),
  ];
  paragraphs.push(
    `Framing measures: ${framingParts.join(', ')}. ` +
      `Sentences that attribute what they report to a source: ${counts.attributedSentences} of ${counts.sentences}` +
      (counts.quotedSentences ? `; with quotation marks: ${counts.quotedSentences}.` : '.'),
  );

  if (strongest) {
    paragraphs.push(
      'This reading comes from word lists and context rules, not from a judgement of intent: a term is flagged even when the article quotes it to criticise it, so read each flagged passage in context.',
    );
  }
  return paragraphs.join('\n\n');
}
