import { describe, expect, it } from 'vitest';
import { highlightParts, snippetText } from './snippet-text.ts';

describe('snippetText', () => {
  it('takes the Markdown of an answer out: emphasis, links, code, headings, list markers', () => {
    expect(snippetText("_I'm in offline mode: no language model is connected._ **Redlining: segregation built by government** Here is how")).toBe(
      "I'm in offline mode: no language model is connected. Redlining: segregation built by government Here is how",
    );
    expect(snippetText('**Sources** - [Mapping Inequality, University of Richmond](https://dsl.richmond.edu/panorama/redlining/) - [Rothstein](https://en.wikipedia.org/wiki/The_Color_of_Law)')).toBe(
      'Sources - Mapping Inequality, University of Richmond - Rothstein',
    );
    expect(snippetText('## Steps 1. Run `npm start` then see ![the dial](/dial.png) and <https://example.org>')).toBe(
      'Steps 1. Run npm start then see the dial and https://example.org',
    );
    expect(snippetText('- first point, *stressed*, ~~gone~~ and __strong__')).toBe('first point, stressed, gone and strong');
  });

  it('cleans a link cut in half at either edge of the excerpt', () => {
    expect(snippetText('…ources** - [Buolamwini & Gebru, Gender Shades](https://proceedings.mlr.press/v81/buol…')).toBe(
      '…ources - Buolamwini & Gebru, Gender Shades',
    );
    expect(snippetText('…mlr.press/v81/buolamwini18a.html) Ask me to tell you more')).toBe('… Ask me to tell you more');
    expect(snippetText('…ask about [Gender Sh…')).toBe('…ask about Gender Sh…');
  });

  it('keeps what only looks like Markdown: escapes, snake_case, arithmetic, a lone asterisk', () => {
    expect(snippetText('Buolamwini & Gebru, FAT\\* 2018 \\[PMLR 81\\]')).toBe('Buolamwini & Gebru, FAT* 2018 [PMLR 81]');
    expect(snippetText('set my_var_name to 2 * 3 and 5*3')).toBe('set my_var_name to 2 * 3 and 5*3');
    expect(snippetText('a < b and <script>alert(1)</script>')).toBe('a < b and <script>alert(1)</script>');
  });

  it('is quick on hostile input, long or not (an excerpt is about 130 characters)', () => {
    for (const hostile of [
      '[('.repeat(600) + '](x'.repeat(300),
      '`'.repeat(1_000) + 'a',
      '!['.repeat(1_000),
      '*_'.repeat(1_000),
      `${'[('.repeat(50_000)}${'](x'.repeat(50_000)}`,
    ]) {
      const started = performance.now();
      snippetText(hostile);
      expect(performance.now() - started, hostile.slice(0, 20)).toBeLessThan(100);
    }
  });
});

describe('highlightParts', () => {
  it('marks every occurrence of the searched text, whatever its case, as written in the message', () => {
    expect(highlightParts('Redlining maps: the redlining of 1938', ' REDLINING ')).toEqual([
      { text: 'Redlining', match: true },
      { text: ' maps: the ', match: false },
      { text: 'redlining', match: true },
      { text: ' of 1938', match: false },
    ]);
  });

  it('takes the query literally and marks nothing when it is absent or lower-casing changes lengths', () => {
    expect(highlightParts('costs (a+b)* more', '(a+b)*')).toEqual([
      { text: 'costs ', match: false },
      { text: '(a+b)*', match: true },
      { text: ' more', match: false },
    ]);
    expect(highlightParts('nothing here', 'maps')).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightParts('İstanbul maps', 'maps')).toEqual([{ text: 'İstanbul maps', match: false }]);
    expect(highlightParts('', 'maps')).toEqual([]);
  });
});
