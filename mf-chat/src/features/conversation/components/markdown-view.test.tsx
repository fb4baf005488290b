import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownView } from './markdown-view.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('MarkdownView', () => {
  it('renders an answer’s markdown as elements: headings, lists, emphasis, links and code', () => {
    const { container } = render(
      <MarkdownView text={'## Sources\n\n- [Gender Shades](https://gendershades.org) by *Buolamwini*\n- **Redlining**: `1938`\n\n```js\nconsole.log("<b>")\n```'} />,
    );
    expect(screen.getByRole('heading', { level: 4, name: 'Sources' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Gender Shades' });
    expect(link.getAttribute('href')).toBe('https://gendershades.org/');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Buolamwini').tagName).toBe('EM');
    expect(screen.getByText('Redlining').tagName).toBe('STRONG');
    expect(container.querySelector('pre code')!.textContent).toBe('console.log("<b>")');
    expect(screen.getByText('js')).toBeTruthy();
  });

  it('never turns hostile markup into elements or script links', () => {
    const hostile = [
      '<script>window.__md = 1</script>',
      '<img src=x onerror="window.__md = 1">',
      '[run](javascript:window.__md=1) [data](data:text/html,<script>alert(1)</script>) [rel](/admin)',
      '<a href="javascript:alert(1)">a</a> <iframe src="https://evil.example"></iframe>',
      '```html\n<script>alert(1)</script>\n```',
    ].join('\n\n');
    const { container } = render(<MarkdownView text={hostile} />);
    expect(container.querySelector('script, img, iframe, style')).toBeNull();
    // Only the bare web address in the text becomes a link; no script, data or relative address does.
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://evil.example/']);
    expect(container.textContent).toContain('<script>window.__md = 1</script>');
    expect(container.textContent).toContain('run data rel');
    expect((window as unknown as { __md?: number }).__md).toBeUndefined();
  });

  it('copies a code block with its copy button and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<MarkdownView text={'```\nnpm test\n```'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('npm test');
  });
});
