import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MarkdownRenderer from './markdown-renderer.tsx';
import { MarkdownView } from './markdown-view.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('MarkdownView', () => {
  it('shows the answer as plain text until the markdown chunk has loaded, then as elements', async () => {
    const { container } = render(<MarkdownView text={'**Redlining** was policy.'} />);
    expect(container.textContent).toBe('**Redlining** was policy.');
    expect((await screen.findByText('Redlining')).tagName).toBe('STRONG');
    expect(container.textContent).toBe('Redlining was policy.');
  });

  it('renders an answer’s markdown as elements: headings, lists, emphasis, links, code and line breaks', () => {
    const { container } = render(
      <MarkdownRenderer
        text={'## Sources\n\n- [Gender Shades](https://gendershades.org) by *Buolamwini*\n- **Redlining**: `1938`\n\nOne\ntwo\n\n```js\nconsole.log("<b>")\n```'}
      />,
    );
    expect(screen.getByRole('heading', { level: 4, name: 'Sources' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Gender Shades' });
    expect(link.getAttribute('href')).toBe('https://gendershades.org/');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Buolamwini').tagName).toBe('EM');
    expect(screen.getByText('Redlining').tagName).toBe('STRONG');
    expect(screen.getByText('1938').tagName).toBe('CODE');
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('pre code')!.textContent).toBe('console.log("<b>")');
    expect(screen.getByText('js')).toBeTruthy();
  });

  it('renders a GFM table as a table', () => {
    render(<MarkdownRenderer text={'| Year | Law |\n| ---: | --- |\n| 1934 | National Housing Act |\n| 1968 | Fair Housing Act |'} />);
    const table = screen.getByRole('table');
    expect(table.querySelectorAll('thead th')).toHaveLength(2);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Year', 'Law']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: 'Fair Housing Act' })).toBeTruthy();
  });

  it('never renders raw HTML or script links as live elements', () => {
    const hostile = [
      '<script>window.__md = 1</script>',
      '<img src=x onerror="window.__md = 1">',
      '[run](javascript:window.__md=1) [data](data:text/html,<script>alert(1)</script>) [rel](/admin) [vb](vbscript:x)',
      '<a href="javascript:alert(1)">a</a> <iframe src="https://evil.example"></iframe>',
      '![pixel](javascript:alert(1)) <style>body{display:none}</style>',
      'See https://example.org/ok.',
      '```html\n<script>alert(1)</script>\n```',
    ].join('\n\n');
    const { container } = render(<MarkdownRenderer text={hostile} />);
    expect(container.querySelector('script, img, iframe, style, [onerror]')).toBeNull();
    // Only the plain web address becomes a link; no script, data, vbscript or relative address does.
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.org/ok']);
    expect([...container.querySelectorAll('[href^="javascript"], [src]')]).toEqual([]);
    // The markup is shown as the characters it is, and the labels of unsafe links stay as text.
    expect(container.textContent).toContain('<script>window.__md = 1</script>');
    expect(container.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    expect(container.textContent).toContain('run data rel vb');
    expect(container.querySelector('pre code')!.textContent).toBe('<script>alert(1)</script>');
    expect((window as unknown as { __md?: number }).__md).toBeUndefined();
  });

  it('shows an answer nested deeper than any real one as plain text (the library would exhaust the stack)', () => {
    const { container } = render(<MarkdownRenderer text={'> '.repeat(5_000) + '**deep**'} />);
    expect(container.querySelector('blockquote, strong')).toBeNull();
    expect(container.textContent).toContain('> > > **deep**');
    render(<MarkdownRenderer text={'> > > **three levels**'} />);
    expect(screen.getByText('three levels').tagName).toBe('STRONG');
  });

  it('stays fast on pathological input (unclosed delimiters, deep nesting, long runs)', () => {
    const inputs = [
      '- '.repeat(5_000) + 'deep',
      '*a '.repeat(20_000),
      '_a '.repeat(20_000),
      '['.repeat(20_000) + 'x',
      '[a]('.repeat(10_000),
      '> '.repeat(5_000) + 'deep',
      '`'.repeat(10_000),
      'https://'.repeat(5_000),
      '|a'.repeat(5_000) + '\n' + '|-'.repeat(5_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const { unmount } = render(<MarkdownRenderer text={input} />);
      unmount();
      expect(performance.now() - started).toBeLessThan(3000);
    }
  });

  it('copies a code block with its copy button and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<MarkdownRenderer text={'```\nnpm test\n```'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('npm test');
  });
});
