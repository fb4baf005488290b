import { describe, expect, it } from 'vitest';
import { inlineText, parseInline, parseMarkdown, safeHref, type Block, type Inline } from './markdown.ts';

const text = (value: string): Inline => ({ type: 'text', text: value });
const paragraph = (...children: Inline[]): Block => ({ type: 'paragraph', children });

describe('parseMarkdown: blocks', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside one', () => {
    expect(parseMarkdown('One\ntwo\n\nThree')).toEqual([paragraph(text('One'), { type: 'break' }, text('two')), paragraph(text('Three'))]);
  });

  it('reads headings (levels past 3 read as 3), rules and quotes', () => {
    expect(parseMarkdown('# Title\n#### Deep\n---\n> quoted *line*\n> more')).toEqual([
      { type: 'heading', level: 1, children: [text('Title')] },
      { type: 'heading', level: 3, children: [text('Deep')] },
      { type: 'rule' },
      { type: 'quote', children: [paragraph(text('quoted '), { type: 'em', children: [text('line')] }, { type: 'break' }, text('more'))] },
    ]);
  });

  it('reads bullet and numbered lists, with nested items and the first number', () => {
    expect(parseMarkdown('- one\n- two\n  - inner\n\n3. three\n4. four')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[paragraph(text('one'))], [paragraph(text('two')), { type: 'list', ordered: false, start: 1, items: [[paragraph(text('inner'))]] }]],
      },
      { type: 'list', ordered: true, start: 3, items: [[paragraph(text('three'))], [paragraph(text('four'))]] },
    ]);
  });

  it('keeps "1." lists together across blank lines, and a year at a line start inside a paragraph as text', () => {
    expect(parseMarkdown('1. a\n\n2. b')).toEqual([{ type: 'list', ordered: true, start: 1, items: [[paragraph(text('a'))], [paragraph(text('b'))]] }]);
    expect(parseMarkdown('It began\n2020. Then more')).toEqual([paragraph(text('It began'), { type: 'break' }, text('2020. Then more'))]);
  });

  it('keeps fenced code exactly, with a safe language label, and runs an unclosed fence to the end', () => {
    expect(parseMarkdown('```ts\nconst a = "<b>";\n\n**not bold**\n```\nafter')).toEqual([
      { type: 'code', language: 'ts', text: 'const a = "<b>";\n\n**not bold**' },
      paragraph(text('after')),
    ]);
    expect(parseMarkdown('~~~\nstill streaming')).toEqual([{ type: 'code', language: null, text: 'still streaming' }]);
    expect(parseMarkdown('```"><script>\nx\n```')).toEqual([{ type: 'code', language: null, text: 'x' }]);
  });
});

describe('parseInline', () => {
  it('reads strong, emphasis, both at once, and inline code', () => {
    expect(parseInline('**a** *b* _c_ ***d*** `e *f*`')).toEqual([
      { type: 'strong', children: [text('a')] },
      text(' '),
      { type: 'em', children: [text('b')] },
      text(' '),
      { type: 'em', children: [text('c')] },
      text(' '),
      { type: 'strong', children: [{ type: 'em', children: [text('d')] }] },
      text(' '),
      { type: 'code', text: 'e *f*' },
    ]);
  });

  it('leaves unmatched or intraword delimiters as text', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseInline('**half-streamed')).toEqual([text('**half-streamed')]);
    expect(parseInline('`open')).toEqual([text('`open')]);
  });

  it('honours backslash escapes', () => {
    expect(parseInline('\\*not em\\* \\[x\\]')).toEqual([text('*not em* [x]')]);
  });

  it('links web and mail addresses, and bare web addresses without their trailing punctuation', () => {
    expect(parseInline('[Gender Shades](https://gendershades.org) and mail [us](mailto:a@b.org).')).toEqual([
      { type: 'link', href: 'https://gendershades.org/', children: [text('Gender Shades')] },
      text(' and mail '),
      { type: 'link', href: 'mailto:a@b.org', children: [text('us')] },
      text('.'),
    ]);
    expect(parseInline('See https://example.org/a_(b). Next')).toEqual([
      text('See '),
      { type: 'link', href: 'https://example.org/a_(b)', children: [text('https://example.org/a_(b)')] },
      text('. Next'),
    ]);
  });

  it('reads escaped brackets in a link label, as the offline responder writes its sources', () => {
    expect(parseInline('[A \\[draft\\] note](https://example.org/n)')).toEqual([
      { type: 'link', href: 'https://example.org/n', children: [text('A [draft] note')] },
    ]);
  });
});

describe('hostile input', () => {
  it('never links javascript:, data:, vbscript: or relative addresses; it keeps their label as text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '/relative', '//evil.example', 'java\tscript:alert(1)']) {
      const nodes = parseInline(`[click](${href})`);
      expect(JSON.stringify(nodes)).not.toContain('"link"');
      expect(inlineText(nodes)).toBe('click');
    }
  });

  it('keeps HTML as the characters it is', () => {
    const source = '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> and <a href="javascript:x">a</a>';
    const blocks = parseMarkdown(source);
    expect(blocks).toEqual([
      paragraph(text('<script>alert(1)</script>')),
      paragraph(text('<img src=x onerror="alert(1)"> and <a href="javascript:x">a</a>')),
    ]);
  });

  it('accepts only web and mail addresses in safeHref', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org/');
    expect(safeHref('mailto:support@keisha.ai')).toBe('mailto:support@keisha.ai');
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('https://exa mple.org')).toBeNull();
    expect(safeHref('')).toBeNull();
  });

  it('stays fast on pathological input (unclosed delimiters, deep nesting, long runs)', () => {
    const inputs = [
      '*a '.repeat(20_000),
      '**a '.repeat(20_000),
      '_a '.repeat(20_000),
      '['.repeat(20_000) + 'x',
      '[a](' .repeat(10_000),
      '> '.repeat(5_000) + 'deep',
      '- '.repeat(5_000) + 'deep',
      '`'.repeat(10_000),
      'https://'.repeat(5_000),
      Array.from({ length: 5_000 }, (_, i) => `${'  '.repeat(i % 40)}- item ${i}`).join('\n'),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const blocks = parseMarkdown(input);
      expect(blocks.length).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(1500);
    }
  });

  it('never throws on random markdown-ish noise', () => {
    const alphabet = ['*', '_', '`', '[', ']', '(', ')', '#', '>', '-', '1.', ' ', '\n', '\\', 'a', 'https://x.org', '<b>', '~~~', '```'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 300; n++) {
      const input = Array.from({ length: 80 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(() => parseMarkdown(input)).not.toThrow();
    }
  });
});
