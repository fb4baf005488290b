// Where a process spent its CPU, from a V8 CPU profile (node --cpu-prof), for the benches' breakdowns: each
// sample goes to one part, the most specific one (earliest in the list) that any frame of its stack matches,
// so that the analyzer counts before the route that called it and helmet before the hook runner. Each bench
// gives its own parts.
import { readFileSync } from 'node:fs';

export interface ProfileFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: ProfileFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A part's name and whether a frame belongs to it. */
export type ProfilePartRule = readonly [name: string, matches: (frame: ProfileFrame) => boolean];

export interface ProfilePart {
  part: string;
  ms: number;
}

export interface ProfileBreakdown {
  /** CPU time of the samples counted (idle left out, and the part named by `leaveOut`). */
  busyMs: number;
  parts: ProfilePart[];
  /** The 25 functions with the most samples at the top of the stack. */
  topSelf: ProfilePart[];
}

/**
 * The profile's samples by part. A sample no part claims is counted under V8's own name for it ("(garbage
 * collector)", "(program)") or as "other". `leaveOut` names a part whose samples are not counted at all
 * (start-up, when only per-request work is wanted).
 */
export function profileBreakdown(file: string, rules: readonly ProfilePartRule[], { leaveOut }: { leaveOut?: string } = {}): ProfileBreakdown {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const leaf = nodes.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    let best = rules.length;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      for (let p = 0; p < best; p++) if (rules[p]![1](frame)) best = p;
    }
    const { functionName, url, lineNumber } = leaf.callFrame;
    const part = best < rules.length ? rules[best]![0] : functionName.startsWith('(') ? functionName : 'other';
    if (part === leaveOut) return;
    busy += micros;
    totals.set(part, (totals.get(part) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(shared|services)\//, '$1/')}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + micros);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).map(([part, micros]) => ({ part, ms: micros / 1000 }));
  return { busyMs: busy / 1000, parts: sorted(totals), topSelf: sorted(self).slice(0, 25) };
}
