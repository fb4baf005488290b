// 5. One replica of each service killed (kill -9) under a load of writes: no acknowledged write lost, every request
// after the kill answered.
import type { Platform } from '../local/platform.ts';
import { SERVICES } from '../local/topology.ts';
import { check, seconds, sleep, type Reader } from '../faults/harness.ts';
import { LOAD_SECONDS } from './settings.ts';
import { reconcileLoad, startLoad, type Load } from './load.ts';

export async function replicaKilled(platform: Platform, readers: Reader[]): Promise<void> {
  const load = startLoad(readers, 'kill');
  await sleep((LOAD_SECONDS * 1000) / 3);
  const killed = SERVICES.map((name) => {
    const { pid } = platform.replicasOf(name)[1]!;
    process.kill(pid!, 'SIGKILL');
    return `${name}#2 (pid ${pid})`;
  });
  const killedAt = Date.now();
  await sleep((LOAD_SECONDS * 1000 * 2) / 3);
  await load.stop();
  // A request that was in flight on a killed replica may fail (its answer never came); any later one must not.
  const before = load.failedAfter.filter((f) => f.at < killedAt);
  const late = load.failedAfter.filter((f) => f.at > killedAt + 1000);
  const early = load.failedAfter.length - late.length - before.length;
  const back = SERVICES.map((name) => platform.replicasOf(name)[1]!.pid);
  console.log(`\n5. One replica of each service killed (kill -9: ${killed.join(', ')}) ${seconds(LOAD_SECONDS * 333)} into ${LOAD_SECONDS} s of writes and reads`);
  const kinds = (list: Load['failedAfter']) => (list.length ? ` (${[...new Set(list.map((f) => f.what))].join(', ')})` : '');
  console.log(
    `   ${load.answered} requests answered; failed: ${before.length} before the kill${kinds(before)}, ${early} within 1 s of it (in flight there)${kinds(early > 0 ? load.failedAfter.filter((f) => f.at >= killedAt && f.at <= killedAt + 1000) : [])}, ${late.length} later${kinds(late)}`,
  );
  console.log(`   restarted by the launcher: ${SERVICES.map((name, i) => `${name}#2 pid ${back[i]}`).join(', ')}`);
  await reconcileLoad(load, 'kill');
  check(before.length === 0, `requests failed before the kill: ${before.length}`);
  check(late.length === 0, `requests failed more than 1 s after the kill: ${late.length}`);
  check(early <= 4 * SERVICES.length, `${early} requests failed at the kill (more than those in flight could be)`);
}
