// 4 and 5. Writes under load while replicas are killed or restarted
import { AUTH_PATHS, WAITLIST_PATH } from '@keisha/contracts/identity';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { newLedger, reconcile, reconciliationTable, type Ledger } from '../faults/ledger.ts';
import { article, call, check, RUN, signUp, streamChat, type Answer, type Reader } from '../faults/harness.ts';
import { query } from './database.ts';

export interface Load {
  ledgers: Record<'signUps' | 'waitlist' | 'analyses' | 'chat', Ledger>;
  /** Every request, and those that failed, after `since`. */
  answered: number;
  failedAfter: Array<{ at: number; what: string }>;
  reads: number;
  stop(): Promise<void>;
}

/**
 * Each waitlist join of the load comes from an address of its own (127.3.x.y): the run lowers the waitlist's
 * per-address limit to 12 to check it exactly (check 1), and on a quick machine the load's joins through the
 * suite's 250 shared addresses passed it, so a join refused by that limit read as a request the restart failed.
 */
let joins = 0;
function joinAddress(): string {
  const k = joins++ % 62_500;
  return `127.3.${Math.floor(k / 250)}.${(k % 250) + 1}`;
}

export function startLoad(readers: Reader[], label: string): Load {
  const ledgers = {
    signUps: newLedger('sign-ups (identity)'),
    waitlist: newLedger('waitlist joins (identity)'),
    analyses: newLedger('analyses (decoder)'),
    chat: newLedger('chat messages (chat)'),
  };
  const load: Load = { ledgers, answered: 0, failedAfter: [], reads: 0, stop: async () => {} };
  let running = true;
  const note = (what: string, answer: Answer, ok: boolean) => {
    load.answered++;
    if (!ok) load.failedAfter.push({ at: Date.now(), what: `${what} ${answer.status}${answer.body?.error?.code ? ` ${answer.body.error.code}` : ''}` });
  };
  const loop = async (write: (n: number) => Promise<void>) => {
    for (let n = 0; running; n++) await write(n);
  };
  const reader = (n: number) => readers[n % readers.length]!;
  const loops = [
    loop(async (n) => {
      const email = `replicas-${RUN}-${label}-s${n}@example.org`;
      const answer = await signUp(email);
      note('sign-up', answer, answer.status === 201);
      if (answer.status === 201) ledgers.signUps.acknowledged.add(email);
      else ledgers.signUps.failed++;
    }),
    loop(async (n) => {
      const email = `replicas-${RUN}-${label}-w${n}@example.org`;
      const answer = await call('POST', WAITLIST_PATH, { body: { email }, from: joinAddress() });
      note('waitlist', answer, answer.status === 201);
      if (answer.status === 201) ledgers.waitlist.acknowledged.add(email);
      else ledgers.waitlist.failed++;
    }),
    loop(async (n) => {
      const marker = `${RUN}-${label}-a${n}`;
      const answer = await call('POST', DECODER_PATHS.analyze, { token: reader(n).token, body: { text: article(marker) }, timeoutMs: 30_000 });
      note('analysis', answer, answer.status === 200);
      if (answer.status === 200) ledgers.analyses.acknowledged.add(marker);
      else ledgers.analyses.failed++;
    }),
    loop(async (n) => {
      const marker = `${RUN}-${label}-c${n}`;
      const answer = await streamChat(reader(n).token, `Tell me about redlining. ${marker}`, 30_000);
      const ok = answer.status === 200 && answer.body?.status === 'complete';
      note('chat', answer, ok);
      if (ok) ledgers.chat.acknowledged.add(marker);
      else ledgers.chat.failed++;
    }),
    loop(async (n) => {
      const answer = await call('GET', n % 2 ? AUTH_PATHS.me : DECODER_PATHS.usage, { token: reader(n).token });
      load.reads++;
      note('read', answer, answer.status === 200);
    }),
  ];
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

export async function reconcileLoad(load: Load, label: string): Promise<boolean> {
  const like = (column: string, table: string, pattern: string) => query(`select ${column} as marker from ${table} where ${column} like '${pattern}'`).then((rows) => rows.map((r) => String(r.marker)));
  const stored = {
    signUps: await like('email', 'identity.users', `replicas-${RUN}-${label}-s%`),
    waitlist: await like('email', 'identity.waitlist', `replicas-${RUN}-${label}-w%`),
    analyses: (await query(`select substring(text from 'Reference (${RUN}-${label}-a[0-9]+)') as marker from decoder.analyses where text like '%Reference ${RUN}-${label}-a%'`)).map((r) => String(r.marker)),
    chat: (await query(`select substring(user_prompt from '(${RUN}-${label}-c[0-9]+)') as marker from chat.messages where user_prompt like '%${RUN}-${label}-c%' and status = 'complete'`)).map((r) => String(r.marker)),
  };
  const rows = (Object.keys(load.ledgers) as Array<keyof Load['ledgers']>).map((key) => reconcile(load.ledgers[key], stored[key]));
  console.log(reconciliationTable(rows).replace(/^/gm, '   '));
  for (const row of rows) {
    check(row.missing.length === 0, `${label}: ${row.kind}: ${row.missing.length} acknowledged writes missing (${row.missing.slice(0, 3).join(', ')})`);
    check(row.acknowledged > 0, `${label}: ${row.kind}: no write acknowledged`);
  }
  return rows.every((row) => row.missing.length === 0);
}
