// Reads our Dockerfiles into stages and instructions, so tests can hold them to the code (COPY sources exist,
// every workspace manifest is copied, the final stage's ENV is what the process reads). Covers the syntax these
// files use: comments, line continuations, FROM ... AS, and ${NAME} substitution of build arguments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../local/topology.ts';

export interface Instruction {
  op: string;
  /** The text after the keyword, continuations joined. */
  text: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    if (pending && line.trim().startsWith('#')) continue; // a comment inside a continued instruction
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(`${pending}${line}`.trim());
    pending = '';
  }
  const parsed: Dockerfile = { globalArgs: {}, stages: [] };
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(line) ?? [];
    const keyword = op.toUpperCase();
    if (keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      if (!match) throw new Error(`Cannot read FROM ${rest}`);
      parsed.stages.push({ from: match[1]!, name: match[2] ?? String(parsed.stages.length), instructions: [] });
      continue;
    }
    const stage = parsed.stages.at(-1);
    if (!stage) {
      if (keyword === 'ARG') {
        const [name = '', value = ''] = rest.split('=');
        parsed.globalArgs[name] = value.replace(/^"|"$/g, '');
      }
      continue;
    }
    stage.instructions.push({ op: keyword, text: rest });
  }
  return parsed;
}

export function readDockerfile(relativePath: string): Dockerfile {
  return parseDockerfile(readFileSync(path.join(REPO_ROOT, relativePath), 'utf8'));
}

export function stageNamed(dockerfile: Dockerfile, name: string): Stage {
  const stage = dockerfile.stages.find((s) => s.name === name);
  if (!stage) throw new Error(`No stage ${name}`);
  return stage;
}

/** `${NAME}` and `$NAME` replaced from `values` (unknown names become empty, as in a build). */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_match, braced: string | undefined, bare: string | undefined) => values[braced ?? bare ?? ''] ?? '');
}

/** The stage and the stages it is built FROM, oldest first. */
export function lineage(dockerfile: Dockerfile, stage: Stage): Stage[] {
  const parent = dockerfile.stages.find((s) => s.name === stage.from);
  return parent ? [...lineage(dockerfile, parent), stage] : [stage];
}

/** The build arguments a stage sees: its own ARGs (and its parents'), from `buildArgs` or their defaults. */
export function argsOf(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const each of lineage(dockerfile, stage)) {
    for (const { op, text } of each.instructions) {
      if (op !== 'ARG') continue;
      const [name = '', fallback] = text.split('=');
      values[name] = buildArgs[name] ?? (fallback !== undefined ? fallback.replace(/^"|"$/g, '') : dockerfile.globalArgs[name] ?? '');
    }
  }
  return values;
}

/** ENV of a stage and the stages it is built FROM, with build arguments substituted. */
export function envOf(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>): Record<string, string> {
  const args = argsOf(dockerfile, stage, buildArgs);
  const env: Record<string, string> = {};
  for (const each of lineage(dockerfile, stage)) {
    for (const { op, text } of each.instructions) {
      if (op !== 'ENV') continue;
      for (const [, name, value] of text.matchAll(/(\w+)=(\S*)/g)) env[name!] = substitute(value!, { ...args, ...env });
    }
  }
  return env;
}

export interface Copy {
  from?: string;
  sources: string[];
  destination: string;
}

/** The COPY instructions of a stage, build arguments substituted. */
export function copiesOf(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>): Copy[] {
  const args = argsOf(dockerfile, stage, buildArgs);
  return stage.instructions
    .filter((instruction) => instruction.op === 'COPY')
    .map(({ text }) => {
      const words = substitute(text, args).split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
    });
}

/** The exec-form CMD of a stage (the last one). */
export function cmdOf(stage: Stage): string[] | undefined {
  const cmd = stage.instructions.filter((instruction) => instruction.op === 'CMD').at(-1);
  return cmd ? (JSON.parse(cmd.text) as string[]) : undefined;
}

/** The last WORKDIR of a stage and its parents. */
export function workdirOf(dockerfile: Dockerfile, stage: Stage, buildArgs: Record<string, string>): string {
  let workdir = '/';
  for (const each of lineage(dockerfile, stage)) {
    const args = argsOf(dockerfile, each, buildArgs);
    for (const { op, text } of each.instructions) if (op === 'WORKDIR') workdir = path.posix.resolve(workdir, substitute(text, args));
  }
  return workdir;
}
