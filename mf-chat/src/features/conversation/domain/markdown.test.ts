import { describe, expect, it } from 'vitest';
import { htmlToText, MAX_NESTING, nestingDepth, safeHref } from './markdown.ts';

describe('safeHref', () => {
  it('accepts only web and mail addresses', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org/');
    expect(safeHref('mailto:support@keisha.ai')).toBe('mailto:support@keisha.ai');
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('https://exa mple.org')).toBeNull();
    expect(safeHref('')).toBeNull();
  });

  it('never accepts javascript:, data:, vbscript: or relative addresses', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '/relative', '//evil.example', 'java\tscript:alert(1)']) {
      expect(safeHref(href)).toBeNull();
    }
  });
});

describe('htmlToText', () => {
  it('turns HTML blocks into paragraphs of text and inline HTML into text, at any depth', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'html', value: '<script>alert(1)</script>' },
        { type: 'paragraph', children: [{ type: 'text', value: 'a ' }, { type: 'html', value: '<b>' }, { type: 'text', value: 'x' }] },
        { type: 'blockquote', children: [{ type: 'html', value: '<img src=x onerror="alert(1)">' }] },
      ],
    };
    htmlToText(tree);
    expect(tree).toEqual({
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: '<script>alert(1)</script>' }] },
        { type: 'paragraph', children: [{ type: 'text', value: 'a ' }, { type: 'text', value: '<b>' }, { type: 'text', value: 'x' }] },
        { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: '<img src=x onerror="alert(1)">' }] }] },
      ],
    });
  });
});

describe('nestingDepth', () => {
  it('counts quote and list markers and two-space indents on the deepest line', () => {
    expect(nestingDepth('Plain text.\n\nMore.')).toBe(0);
    expect(nestingDepth('- one\n  - two\n    > three')).toBe(3);
    expect(nestingDepth('> > quoted\n1. item')).toBe(2);
    expect(nestingDepth('-5 degrees, *emphasis*, 2020. A year')).toBe(0);
  });

  it('stops counting past the limit, so a hostile line costs little', () => {
    expect(nestingDepth('> '.repeat(100_000) + 'deep')).toBe(MAX_NESTING + 1);
    expect(nestingDepth('- '.repeat(100_000) + 'deep')).toBe(MAX_NESTING + 1);
  });
});
