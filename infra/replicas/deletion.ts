// 3. An account deleted with three replicas of everything: its session is refused on every replica, and identity's
// erasure job (a timer in each identity replica, rows claimed under SKIP LOCKED) has the decoder, the chat and billing
// erase what they hold, each twice (at once, and after the settle time), leaving nothing of the account anywhere.
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import type { Platform } from '../local/platform.ts';
import { article, call, check, PASSWORD, RUN, sleep } from '../faults/harness.ts';
import { buyDecoderPlan } from '../faults/outages.ts';
import { query } from './database.ts';
import { confirmedReader, direct, replicaUrls } from './harness.ts';
import { ERASURE_SETTLE_MS } from './settings.ts';

export async function deletion(platform: Platform): Promise<void> {
  const reader = await confirmedReader('deleted');
  await buyDecoderPlan(reader, 'monthly');
  const analysed = await call('POST', DECODER_PATHS.analyze, { token: reader.token, body: { text: article(`${RUN}-deleted`) } });
  const chatted = await call('POST', CHAT_PATHS.send, { token: reader.token, body: { message: 'What is redlining?' } });
  const held = async () => {
    const [row] = await query(`select
      (select count(*) from decoder.analyses where user_id = '${reader.id}')::int as analyses,
      (select count(*) from chat.chat_sessions where user_id = '${reader.id}')::int as conversations,
      (select count(*) from billing.subscriptions where user_id = '${reader.id}' and status = 'active')::int as active_plans`);
    return row as { analyses: number; conversations: number; active_plans: number };
  };
  const before = await held();

  const deleted = await call('POST', AUTH_PATHS.deleteAccount, { token: reader.token, body: { password: PASSWORD } });
  const deletedAt = Date.now();
  const probes = [
    ...replicaUrls(platform, 'identity').map((url) => ({ url, path: AUTH_PATHS.me })),
    ...replicaUrls(platform, 'decoder').map((url) => ({ url, path: DECODER_PATHS.usage })),
    ...replicaUrls(platform, 'chat').map((url) => ({ url, path: CHAT_PATHS.sessions })),
    ...replicaUrls(platform, 'billing').map((url) => ({ url, path: ENTITLEMENT_PATHS.me })),
  ];
  let refusedEverywhere: number | undefined;
  let erasures: Array<Record<string, unknown>> = [];
  while (Date.now() - deletedAt < ERASURE_SETTLE_MS + 30_000) {
    if (refusedEverywhere === undefined) {
      const statuses = await Promise.all(probes.map((probe) => direct(probe.url, probe.path, reader.token)));
      if (statuses.every((status) => status === 401)) refusedEverywhere = Date.now() - deletedAt;
    }
    erasures = await query(`select service, passes, done_at is not null as done, last_error from identity.account_erasures where user_id = '${reader.id}' order by service`);
    if (refusedEverywhere !== undefined && erasures.length === 3 && erasures.every((row) => row.done)) break;
    await sleep(100);
  }
  const erasedIn = Date.now() - deletedAt;
  const after = await held();
  console.log(`\n3. An account deleted (${deleted.status}) after an analysis (${analysed.status}), a chat (${chatted.status}) and a Monthly plan`);
  console.log(`   refused (401) by all ${probes.length} replicas after ${refusedEverywhere ?? 'NEVER'} ms; erasures ${erasures.map((r) => `${r.service} ${r.passes} passes${r.done ? '' : ' (not done)'}`).join(', ')} in ${erasedIn} ms`);
  console.log(`   held before: ${JSON.stringify(before)}; after: ${JSON.stringify(after)}`);
  check(deleted.status === 200, `deleting the account answered ${deleted.status}`);
  check(before.analyses >= 1 && before.conversations >= 1 && before.active_plans === 1, `the reader held no data to erase: ${JSON.stringify(before)}`);
  check(refusedEverywhere !== undefined && refusedEverywhere <= 2000, `a replica still took the deleted account's session after 2 s (${refusedEverywhere ?? 'never refused'})`);
  check(erasures.length === 3 && erasures.every((row) => row.done && row.passes === 2), `the erasures did not finish with two passes each: ${JSON.stringify(erasures)}`);
  check(after.analyses === 0 && after.conversations === 0 && after.active_plans === 0, `data of the deleted account is left: ${JSON.stringify(after)}`);
}
