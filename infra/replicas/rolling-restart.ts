// 6. A rolling restart of each service under load: no request fails.
import type { Platform } from '../local/platform.ts';
import { SERVICES } from '../local/topology.ts';
import { check, seconds, sleep, type Reader } from '../faults/harness.ts';
import { reconcileLoad, startLoad } from './load.ts';

export async function rollingRestart(platform: Platform, readers: Reader[]): Promise<void> {
  const load = startLoad(readers, 'roll');
  await sleep(1000);
  const started = Date.now();
  const times: string[] = [];
  for (const name of SERVICES) {
    const before = platform.replicasOf(name).map((r) => r.pid);
    const t = Date.now();
    await platform.rollingRestart(name);
    const after = platform.replicasOf(name).map((r) => r.pid);
    times.push(`${name} ${seconds(Date.now() - t)}`);
    check(after.every((pid, i) => pid !== before[i]), `${name}: not every replica was restarted (${before.join(',')} -> ${after.join(',')})`);
  }
  await sleep(1000);
  await load.stop();
  console.log(`\n6. A rolling restart of every service, one replica at a time, under writes and reads (${seconds(Date.now() - started)}: ${times.join(', ')})`);
  console.log(`   ${load.answered} requests answered, ${load.failedAfter.length} failed${load.failedAfter.length ? ` (${[...new Set(load.failedAfter.map((f) => f.what))].join(', ')})` : ''}`);
  await reconcileLoad(load, 'roll');
  check(load.failedAfter.length === 0, `a rolling restart failed ${load.failedAfter.length} requests`);
}
