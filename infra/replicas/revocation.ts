// 2. Revocation on every replica
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import type { Platform } from '../local/platform.ts';
import { call, check, sleep } from '../faults/harness.ts';
import { confirmedReader, direct, replicaUrls } from './harness.ts';

export async function revocation(platform: Platform): Promise<void> {
  const reader = await confirmedReader('revoked');
  // Each replica has confirmed the session (and cached it) before it is revoked.
  const probes: Array<{ label: string; url: string; path: string }> = [
    ...replicaUrls(platform, 'identity').map((url, i) => ({ label: `identity#${i + 1}`, url, path: AUTH_PATHS.me })),
    ...replicaUrls(platform, 'decoder').map((url, i) => ({ label: `decoder#${i + 1}`, url, path: DECODER_PATHS.usage })),
    ...replicaUrls(platform, 'chat').map((url, i) => ({ label: `chat#${i + 1}`, url, path: CHAT_PATHS.sessions })),
    ...replicaUrls(platform, 'billing').map((url, i) => ({ label: `billing#${i + 1}`, url, path: ENTITLEMENT_PATHS.me })),
  ];
  const before = await Promise.all(probes.map((probe) => direct(probe.url, probe.path, reader.token)));
  const out = await call('POST', AUTH_PATHS.logoutAll, { token: reader.token, body: {} });
  const revokedAt = Date.now();
  const refusedAfter = new Map<string, number>();
  while (refusedAfter.size < probes.length && Date.now() - revokedAt < 5000) {
    await Promise.all(
      probes
        .filter((probe) => !refusedAfter.has(probe.label))
        .map(async (probe) => {
          if ((await direct(probe.url, probe.path, reader.token)) === 401) refusedAfter.set(probe.label, Date.now() - revokedAt);
        }),
    );
    await sleep(50);
  }
  const worst = Math.max(...probes.map((probe) => refusedAfter.get(probe.label) ?? Infinity));
  console.log(`\n2. A session revoked (sign out everywhere: ${out.status}), then asked of each of the ${probes.length} replicas directly`);
  console.log(`   before: ${before.join(' ')}; refused (401) after: ${probes.map((p) => `${p.label} ${refusedAfter.has(p.label) ? `${refusedAfter.get(p.label)} ms` : 'NEVER'}`).join(', ')}`);
  check(out.status === 200 || out.status === 204, `sign out everywhere answered ${out.status}`);
  check(before.every((status) => status === 200), `a replica refused the session before it was revoked: ${before.join(' ')}`);
  check(worst <= 2000, `a replica still took the revoked session after 2 s (worst ${worst} ms)`);
}
