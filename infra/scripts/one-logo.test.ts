// One logo (issue 28, item 5): every remote draws Keisha's mark with @keisha/ui's KeishaLogo, and the shell's
// favicon is the same geometry. A remote that draws its own (a letter in a coloured box, a CSS gradient mark)
// fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGO_K_PATH, logoSvgMarkup } from '../../shared/ui/src/logo-mark.ts';
import { REPO_ROOT } from '../local/topology.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name.startsWith('dist') ? [] : sourceFiles(full);
    return /\.(tsx|css)$/.test(name) && !/\.test\.tsx$/.test(name) ? [full] : [];
  });
}

const REMOTES = ['mf-marketing', 'mf-decoder', 'mf-chat', 'mf-account', 'shell'];

describe('one logo', () => {
  it('no remote draws a mark of its own', () => {
    const ownMarks = REMOTES.flatMap((remote) => sourceFiles(path.join(REPO_ROOT, remote, 'src')))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        // A "K" in a box (<span className={styles.logo}>K</span>) or a gradient-drawn brand mark.
        return /aria-hidden="true">\s*K\s*</.test(text) || /\.brandMark\b/.test(text) || /className=\{styles\.brandMark\}/.test(text);
      })
      .map((file) => path.relative(REPO_ROOT, file));
    expect(ownMarks).toEqual([]);
  });

  it('the shell favicon is the shared mark', () => {
    const html = readFileSync(path.join(REPO_ROOT, 'shell/index.html'), 'utf8');
    const icon = /<link rel="icon" href="data:image\/svg\+xml,([^"]*)"/.exec(html)?.[1];
    expect(icon).toBeDefined();
    const svg = decodeURIComponent(icon!).replace(/'/g, '"');
    expect(svg).toContain(`d="${LOGO_K_PATH}"`);
    expect(logoSvgMarkup(32)).toContain(`d="${LOGO_K_PATH}"`);
  });
});
