// What a process of the project loads, read from the sources: from its entry file, the repository files it reaches
// through relative imports and `@keisha/*` workspace exports, and the outside packages it imports, with the
// workspaces that import each. The image checks use it to know that `npm ci --omit=dev` installs every package a
// process needs (a package only in devDependencies would be missing in production, found only at run time).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../local/topology.ts';

export interface Workspace {
  dir: string;
  name: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
}

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };

/** Every workspace of the root package.json, its globs expanded. */
export const WORKSPACES: Workspace[] = rootPackage.workspaces.flatMap((pattern) => {
  const dirs = pattern.endsWith('/*')
    ? readdirSync(path.join(REPO_ROOT, pattern.slice(0, -2)))
        .map((entry) => `${pattern.slice(0, -2)}/${entry}`)
        .filter((dir) => existsSync(path.join(REPO_ROOT, dir, 'package.json')))
    : [pattern];
  return dirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
      main?: string;
      dependencies?: Record<string, string>;
    };
    return { dir, name: manifest.name, exports: manifest.exports ?? (manifest.main ? { '.': manifest.main } : {}), dependencies: manifest.dependencies ?? {} };
  });
});

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Bare package name of a specifier (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export interface ImportClosure {
  files: Set<string>;
  packages: Map<string, Set<Workspace>>;
}

export function importClosure(entry: string): ImportClosure {
  const files = new Set<string>();
  const packages = new Map<string, Set<Workspace>>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const owner = WORKSPACES.filter((w) => file.startsWith(`${w.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0]!;
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) {
        queue.push(path.posix.join(path.posix.dirname(file), specifier));
        continue;
      }
      const name = packageOf(specifier);
      const workspace = WORKSPACES.find((w) => w.name === name);
      if (workspace) {
        const target = workspace.exports[`.${specifier.slice(name.length)}`];
        if (!target) throw new Error(`${file} imports ${specifier}, which ${name} does not export`);
        queue.push(path.posix.join(workspace.dir, target));
        continue;
      }
      const importers = packages.get(name) ?? new Set<Workspace>();
      importers.add(owner);
      packages.set(name, importers);
    }
  }
  return { files, packages };
}
