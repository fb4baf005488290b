import { describe, expect, it } from 'vitest';
import { issueHtml } from './markdown.ts';

describe('issueHtml', () => {
  it('renders the Markdown subset: headings, paragraphs, lists, emphasis, code and links', () => {
    const html = issueHtml('# Today\n\nA **bold** and *quiet* word, `code`.\nSecond line.\n\n- one\n- two [site](https://example.org/a?b=1&c=2)\n\n1. first\n2. second', 'markdown');
    expect(html).toContain('<h2 style="font-size:20px;margin:16px 0 8px">Today</h2>');
    expect(html).toContain('A <strong>bold</strong> and <em>quiet</em> word, <code');
    expect(html).toContain('word, <code style="font-family:monospace;background:#f0f0ee;padding:0 3px">code</code>.<br />Second line.');
    expect(html).toContain('<li>two <a href="https://example.org/a?b=1&amp;c=2" style="color:#1f1f1f">site</a></li>');
    expect(html).toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
  });

  it('sends an image as a link named by its alt text, never as an image or a stray "!"', () => {
    const html = issueHtml('See ![the chart](https://example.org/c.png?a=1&b=2) and ![](https://example.org/d.png). ![x](javascript:alert(1))', 'markdown');
    expect(html).toContain('See <a href="https://example.org/c.png?a=1&amp;b=2" style="color:#1f1f1f">Image: the chart</a> and <a href="https://example.org/d.png" style="color:#1f1f1f">Image</a>.');
    expect(html).not.toMatch(/<img|href="javascript/);
  });

  it('lets no markup or script link through', () => {
    const html = issueHtml('<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [x](https://a.example/"onmouseover="y)', 'markdown');
    expect(html).not.toMatch(/<script|<img|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('"onmouseover="');
  });

  it('keeps plain text as written, escaped, with its line breaks', () => {
    const html = issueHtml('Hello **there** <b>\nline two\n\nnext', 'text');
    expect(html).toBe('<p style="margin:0 0 12px">Hello **there** &lt;b&gt;<br />line two</p>\n<p style="margin:0 0 12px">next</p>');
  });
});
