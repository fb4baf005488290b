import type { AnalysisResult } from './analysis-result.ts';
import {
  CODEWORD_BADGE,
  categoryCountsLine,
  categoryLabel,
  NO_EUPHEMISMS,
  repeatBadge,
  RESULT_TITLES,
  safeExternalUrl,
  summaryParagraphs,
} from './findings.ts';

// 'Export' (issue 4, beyond the spec): the report as a Markdown file. Everything that comes from the
// article or the analysis is escaped, so a '#', a '*', a link or a <script> in an article stays text.

/** Characters with a meaning anywhere in a line (CommonMark escapes any ASCII punctuation with '\'). */
const INLINE_SPECIAL = /[\\`*_[\]{}()<>#!|~&]/g;

/**
 * Text as literal Markdown: inline punctuation is backslash-escaped, and what would open a block at the
 * start of a line (heading, quote, list item, rule, setext underline, indented code) is neutralised.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^[ \t]+/, '') // four leading spaces would make a code block
        .replace(INLINE_SPECIAL, '\\$&')
        .replace(/^([-+=])/, '\\$1')
        .replace(/^(\d+)([.)])/, '$1\\$2'),
    )
    .join('\n');
}

/** One line of escaped text, for a list item: line breaks become spaces. */
function escapeInline(text: string): string {
  return escapeMarkdown(text.replace(/\s+/g, ' ').trim());
}

/** Paragraphs separated by blank lines, each escaped. */
function escapeParagraphs(text: string): string {
  return summaryParagraphs(text).map(escapeMarkdown).join('\n\n');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar date, YYYY-MM-DD. */
export function reportDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function reportFileName(now: Date): string {
  return `keisha-analysis-${reportDate(now)}.md`;
}

function termLine(term: AnalysisResult['terms'][number]): string {
  const tags = [term.is_codeword ? CODEWORD_BADGE : null, repeatBadge(term.count), term.category ? categoryLabel(term.category) : null]
    .filter((tag): tag is string => tag !== null)
    .map(escapeInline);
  const source = safeExternalUrl(term.source_url);
  let line = `- **${escapeInline(term.term)}**`;
  if (tags.length > 0) line += ` (${tags.join(', ')})`;
  if (term.explanation.trim() !== '') line += `: ${escapeInline(term.explanation)}`;
  // URL() has percent-encoded spaces and angle brackets, so the address is safe inside <...>.
  if (source) line += ` Source: <${source}>`;
  return line;
}

export function buildMarkdownReport(result: AnalysisResult, now: Date): string {
  const sections: string[] = [
    '# Keisha News Decoder report',
    `Date: ${reportDate(now)}  \nBias score: ${result.score} / 100`,
  ];
  if (result.notes.length > 0) sections.push(result.notes.map((note) => `> Note: ${escapeInline(note)}`).join('\n>\n'));

  sections.push(`## ${RESULT_TITLES.summary}`, escapeParagraphs(result.summary) || '_No summary._');

  sections.push(`## ${RESULT_TITLES.euphemisms}`);
  if (result.terms.length === 0) {
    sections.push(NO_EUPHEMISMS);
  } else {
    sections.push(escapeInline(categoryCountsLine(result.terms)), result.terms.map(termLine).join('\n'));
  }

  sections.push(`## ${RESULT_TITLES.translation}`, escapeParagraphs(result.translation) || '_No translation._');
  sections.push(`## ${RESULT_TITLES.original}`, escapeParagraphs(result.text));
  return `${sections.join('\n\n')}\n`;
}
