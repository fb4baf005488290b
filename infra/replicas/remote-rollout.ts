// 7. A remote's new version rolled out and rolled back
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Platform } from '../local/platform.ts';
import { startStaticServer, type RunningServer } from '../local/static-server.ts';
import { REMOTE_DIRS, REPO_ROOT } from '../local/topology.ts';
import { check, gatewayUrl, RUN } from '../faults/harness.ts';
import { BASE_PORT } from './settings.ts';

export async function remoteRollout(remotesFile: string, platform: Platform, dataDir: string): Promise<RunningServer> {
  const shellBefore = await (await fetch(`${gatewayUrl()}/`)).text();
  const registryBefore = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  // Version 2 of the decoder remote: its build with a marker in the manifest, served from an origin of its own.
  const v2 = path.join(dataDir, 'mf-decoder-v2');
  cpSync(path.join(REPO_ROOT, REMOTE_DIRS.decoder, 'dist'), v2, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(v2, 'mf-manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.keishaRelease = `v2-${RUN}`;
  writeFileSync(path.join(v2, 'mf-manifest.json'), JSON.stringify(manifest));
  // The build's precompressed copies would be served instead of the changed file.
  for (const copy of ['mf-manifest.json.br', 'mf-manifest.json.gz']) rmSync(path.join(v2, copy), { force: true });
  const server = await startStaticServer(v2, BASE_PORT + 95, '127.0.0.1');
  const v2Url = `http://localhost:${server.port}/mf-manifest.json`;

  writeFileSync(remotesFile, JSON.stringify({ ...registryBefore, decoder: v2Url }, null, 2));
  const registryOut = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  const servedOut = await (await fetch(registryOut.decoder!.replace('localhost', '127.0.0.1'))).json() as Record<string, unknown>;
  const shellOut = await (await fetch(`${gatewayUrl()}/`)).text();

  writeFileSync(remotesFile, JSON.stringify(registryBefore, null, 2));
  const registryBack = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  const servedBack = await (await fetch(registryBack.decoder!.replace('localhost', '127.0.0.1'))).json() as Record<string, unknown>;
  const shellBack = await (await fetch(`${gatewayUrl()}/`)).text();
  const withoutPolicy = (html: string) => html;
  console.log(`\n7. The decoder remote's version 2 rolled out through remotes.json and rolled back (no restart, no shell build)`);
  console.log(`   out: remotes.json names ${registryOut.decoder}, whose manifest says ${String(servedOut.keishaRelease)}; back: ${registryBack.decoder} (${String(servedBack.keishaRelease ?? 'the built version')})`);
  console.log(`   the shell's page: ${withoutPolicy(shellOut) === withoutPolicy(shellBefore) && shellBack === shellBefore ? 'the same bytes before, during and after' : 'CHANGED'}; gateway pid unchanged (${process.pid})`);
  check(registryOut.decoder === v2Url && servedOut.keishaRelease === `v2-${RUN}`, `rollout: remotes.json named ${registryOut.decoder}`);
  check(registryBack.decoder === registryBefore.decoder && servedBack.keishaRelease === undefined, `rollback: remotes.json named ${registryBack.decoder}`);
  check(shellOut === shellBefore && shellBack === shellBefore, "the shell's page changed during the rollout");
  void platform;
  return server;
}
