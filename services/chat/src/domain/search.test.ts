import { describe, expect, it } from 'vitest';
import { containsPattern, snippetAround } from './search.ts';

describe('containsPattern', () => {
  it('escapes the query’s own wildcards and backslashes', () => {
    expect(containsPattern('redlining')).toBe('%redlining%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('fair_ness')).toBe('%fair\\_ness%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern("' OR 1=1 --")).toBe("%' OR 1=1 --%");
  });
});

describe('snippetAround', () => {
  const text = 'Predictive policing tools learn from where police made arrests and recorded crime, which reflects where police already patrol. A model trained on policing data forecasts policing, not crime.';
  it('cuts around the first match at word boundaries, with ellipses', () => {
    const snippet = snippetAround(text, 'reflects', 20);
    expect(snippet).toContain('reflects');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThan(70);
  });
  it('is case-insensitive, keeps short texts whole and falls back to the opening', () => {
    expect(snippetAround('Short TEXT here', 'text')).toBe('Short TEXT here');
    expect(snippetAround(text, 'PREDICTIVE', 20).startsWith('Predictive')).toBe(true);
    expect(snippetAround(text, 'absent', 10)).toBe(`${text.slice(0, 20).trimEnd()}…`);
    expect(snippetAround('line one\n\nline two', 'two')).toBe('line one line two');
  });
});
