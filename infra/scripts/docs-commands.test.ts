// Every command the README and the docs tell a reader to run must exist: an npm script of the package it names,
// or a file that `node` can run. A renamed script or a moved file fails here instead of in a reader's terminal.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../local/topology.ts';

const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(path.join(REPO_ROOT, 'services')).map((s) => `services/${s}/README.md`).filter((f) => existsSync(path.join(REPO_ROOT, f))),
];

interface Mention {
  document: string;
  command: string;
}

/** The commands in a document's inline code and code blocks: `npm run ...`, `npm start`, `node <file>`. */
export function mentionedCommands(markdown: string): string[] {
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2] ?? '');
  const commands: string[] = [];
  for (const chunk of code) {
    for (const m of chunk.matchAll(/\bnpm (?:run(?: -s)?|start|test)\b[^|;&#\n]*|\bnode (?:--[\w-]+ )*[\w./-]+\.(?:ts|js|mjs)\b/g)) commands.push(m[0].trim());
  }
  return commands;
}

/** The package.json of a workspace named by its folder or its package name (`-w services/identity`, `-w @keisha/x`). */
function manifestOf(workspace: string | undefined): string {
  if (!workspace) return path.join(REPO_ROOT, 'package.json');
  const byPath = path.join(REPO_ROOT, workspace, 'package.json');
  if (existsSync(byPath)) return byPath;
  const folders = ['shell', 'mf-marketing', 'mf-decoder', 'mf-chat', 'mf-account', 'infra', ...['shared', 'services'].flatMap((d) => readdirSync(path.join(REPO_ROOT, d)).map((f) => `${d}/${f}`))];
  const found = folders.map((f) => path.join(REPO_ROOT, f, 'package.json')).find((f) => existsSync(f) && (JSON.parse(readFileSync(f, 'utf8')) as { name?: string }).name === workspace);
  return found ?? byPath;
}

function scriptsOf(workspace: string | undefined): Record<string, string> {
  const file = manifestOf(workspace);
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

/** Why a command could not run as written, or null when it can. */
export function problemWith(command: string, documentDir = '.'): string | null {
  const node = /^node (?:--[\w-]+ )*([\w./-]+)/.exec(command);
  // A path is read from the repository's root or, in a package's README, from that package.
  if (node) return [REPO_ROOT, path.join(REPO_ROOT, documentDir)].some((dir) => existsSync(path.join(dir, node[1]!))) ? null : `no file ${node[1]}`;
  if (/^npm (start|test)\b/.test(command)) return null; // the root package's own: checked by CI itself
  const run = /^npm run(?: -s)? ([\w:-]+)(?:.*?-w ([\w/@-]+))?/.exec(command);
  if (!run) return null;
  const [, script, workspace] = run;
  return script! in scriptsOf(workspace) ? null : `no script "${script}" in ${workspace ?? 'the root'} package.json`;
}

describe('the commands the README and the docs name', () => {
  const mentions: Mention[] = DOCUMENTS.flatMap((document) =>
    mentionedCommands(readFileSync(path.join(REPO_ROOT, document), 'utf8')).map((command) => ({ document, command })),
  );

  it('are found (the check reads the documents at all)', () => {
    expect(mentions.filter((m) => m.document === 'README.md').map((m) => m.command)).toEqual(expect.arrayContaining(['npm start', 'npm test']));
    expect(mentions.length).toBeGreaterThan(20);
  });

  it('each exist as an npm script or a file', () => {
    const broken = mentions.map((m) => ({ ...m, problem: problemWith(m.command, path.dirname(m.document)) })).filter((m) => m.problem !== null);
    expect(broken).toEqual([]);
  });

  it('a renamed script or a moved file is caught', () => {
    expect(problemWith('npm run bench:nothing-of-the-kind')).toMatch(/no script/);
    expect(problemWith('node infra/scripts/not-here.ts')).toMatch(/no file/);
    expect(problemWith('npm run dev -w shell')).toBeNull();
    expect(problemWith('npm run eval:decoder -- --llm')).toBeNull();
    expect(problemWith('npm run mail:templates -w @keisha/identity-service')).toBeNull();
  });
});
