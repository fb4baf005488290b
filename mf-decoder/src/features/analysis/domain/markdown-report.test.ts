import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from './analysis-result.ts';
import { buildMarkdownReport, escapeMarkdown, reportFileName } from './markdown-report.ts';

const result: AnalysisResult = {
  text: 'Crime in the *inner city* rose.\n\n<script>alert(1)</script>',
  score: 72,
  summary: 'First paragraph.\n\nSecond [paragraph](javascript:x).',
  terms: [
    {
      term: 'inner city',
      explanation: 'A coded way\nto say Black neighbourhoods.',
      is_codeword: true,
      count: 2,
      category: 'coded-racial',
      spans: [{ start: 14, end: 24 }],
      source_url: 'https://example.org/inner city?a=<b>',
    },
    {
      term: 'officer-involved shooting',
      explanation: 'Hides who fired.',
      is_codeword: false,
      count: 1,
      category: 'agency-hiding',
      spans: [],
      source_url: 'javascript:alert(1)',
    },
  ],
  translation: '# Not a heading\n- not a list',
  notes: ['The offline engine answered.'],
  engine: 'embedded',
  evidence: [],
};

describe('escapeMarkdown', () => {
  it('escapes inline punctuation that Markdown would read', () => {
    expect(escapeMarkdown('a *b* _c_ `d` [e](f) <g> h|i ~j~ &amp; \\')).toBe(
      'a \\*b\\* \\_c\\_ \\`d\\` \\[e\\]\\(f\\) \\<g\\> h\\|i \\~j\\~ \\&amp; \\\\',
    );
  });

  it('keeps a line from opening a heading, quote, list, rule or code block', () => {
    expect(escapeMarkdown('# Title')).toBe('\\# Title');
    expect(escapeMarkdown('> quote')).toBe('\\> quote');
    expect(escapeMarkdown('- item\n+ item\n1. item\n2) item')).toBe('\\- item\n\\+ item\n1\\. item\n2\\) item');
    expect(escapeMarkdown('===\n---')).toBe('\\===\n\\---');
    expect(escapeMarkdown('    indented code')).toBe('indented code');
  });

  it('leaves ordinary prose alone', () => {
    expect(escapeMarkdown('Officials said 3.5 million people were affected.')).toBe('Officials said 3.5 million people were affected.');
  });
});

describe('reportFileName', () => {
  it('names the file after the local date', () => {
    expect(reportFileName(new Date(2025, 0, 9, 23, 59))).toBe('keisha-analysis-2025-01-09.md');
  });
});

describe('buildMarkdownReport', () => {
  const markdown = buildMarkdownReport(result, new Date(2025, 2, 4));

  it('has the score, summary, terms with explanations and sources, translation and article', () => {
    expect(markdown).toContain('# Keisha News Decoder report');
    expect(markdown).toContain('Date: 2025-03-04');
    expect(markdown).toContain('Bias score: 72 / 100');
    expect(markdown).toContain('> Note: The offline engine answered.');
    expect(markdown).toContain('## Analyst Summary\n\nFirst paragraph.\n\nSecond \\[paragraph\\]\\(javascript:x\\).');
    expect(markdown).toContain('Coded racial language 2 · Agency-hiding 1');
    expect(markdown).toContain(
      '- **inner city** (WF codeword, ×2, Coded racial language): A coded way to say Black neighbourhoods. Source: <https://example.org/inner%20city?a=%3Cb%3E>',
    );
    expect(markdown).toContain('- **officer-involved shooting** (Agency-hiding): Hides who fired.\n');
    expect(markdown).toContain('## Keisha Translation\n\n\\# Not a heading\n\\- not a list');
    expect(markdown).toContain('## Original Text\n\nCrime in the \\*inner city\\* rose.\n\n\\<script\\>alert\\(1\\)\\</script\\>');
  });

  it('never links an address that is not a web address', () => {
    expect(markdown).not.toContain('<javascript:');
    expect(markdown).not.toMatch(/\]\(javascript:/);
  });

  it('says when nothing was detected', () => {
    expect(buildMarkdownReport({ ...result, terms: [] }, new Date(2025, 2, 4))).toContain(
      '## Detected Euphemisms\n\nNo fragile euphemisms detected.',
    );
  });
});
