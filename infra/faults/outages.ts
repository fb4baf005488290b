// The fault suite's cases for a dependency that stops answering (issue 26): a flood that once made billing
// refuse the services' plan questions, billing stopped, identity stopped. In each, no reader may be
// treated as less than they are: a paying reader is never counted as free, a valid token is never refused
// as invalid, and what cannot be known is answered 503 with Retry-After, then recovers without a restart.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import type { Platform } from '../local/platform.ts';
import type { FakeLlm } from './fake-llm.ts';
import { article, call, check, clientAddress, confirmedReader, gatewayUrl, newReader, PASSWORD, RUN, seconds, sleep, type Answer, type Reader } from './harness.ts';

/** Buys a decoder plan through the sandbox, as the paywall's Bitcoin button and the sandbox's Pay do. */
export async function buyDecoderPlan(reader: Reader, tier: 'monthly' | 'annual'): Promise<void> {
  const created = await call('POST', PAYMENT_PATHS.createSubscription, {
    token: reader.token,
    body: { user_id: reader.id, tier, payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' },
  });
  const paid = await call('POST', paymentPath(PAYMENT_PATHS.sandboxPay, { id: created.body?.subscription_id ?? 'none' }));
  if (created.status !== 201 && created.status !== 200) throw new Error(`could not start a ${tier} purchase (${created.status})`);
  if (paid.status !== 200 && paid.status !== 303) throw new Error(`could not pay for a ${tier} plan (${paid.status})`);
}

/** Buys a chat plan through the sandbox, as the chat's upgrade view does. */
export async function buyChatPlan(reader: Reader, tier: 'Starter' | 'Pro' | 'Gold'): Promise<void> {
  const created = await call('POST', PAYMENT_PATHS.createCheckoutSession, {
    token: reader.token,
    body: { email: reader.email, tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' },
  });
  const paid = await call('POST', paymentPath(PAYMENT_PATHS.sandboxPay, { id: created.body?.session_id ?? 'none' }));
  if (created.status !== 201 && created.status !== 200) throw new Error(`could not start a ${tier} checkout (${created.status})`);
  if (paid.status !== 200 && paid.status !== 303) throw new Error(`could not pay for ${tier} (${paid.status})`);
}

export interface PayingReaders {
  monthly: Reader;
  pro: Reader;
  annualKey: string;
}

export async function payingReaders(): Promise<PayingReaders> {
  const [monthly, pro, annual] = await Promise.all(['monthly', 'pro', 'annual'].map((name) => confirmedReader(`paying-${name}`)));
  await buyDecoderPlan(monthly!, 'monthly');
  await buyChatPlan(pro!, 'Pro');
  await buyDecoderPlan(annual!, 'annual');
  await sleep(1100); // past the second for which a plan answer is reused
  const key = await call('POST', '/api/decoder/api-keys', { token: annual!.token, body: { name: `faults ${RUN}` } });
  if (key.status !== 201) throw new Error(`could not create an API key for the annual reader (${key.status})`);
  return { monthly: monthly!, pro: pro!, annualKey: key.body.secret };
}

/** What each paying reader gets now; undefined when all is as paid for, else what went wrong. */
async function payingProblems(paying: PayingReaders): Promise<string[]> {
  const [decoder, chat, keyed] = await Promise.all([
    call('GET', DECODER_PATHS.usage, { token: paying.monthly.token }),
    call('GET', CHAT_PATHS.usage, { token: paying.pro.token }),
    call('POST', '/api/v1/analyses', { token: paying.annualKey, body: { text: article(`${RUN}-key`) } }),
  ]);
  const problems: string[] = [];
  if (decoder.body?.usage?.subscription_tier !== 'monthly') problems.push(`monthly reader: ${decoder.status} ${decoder.body?.usage?.subscription_tier ?? decoder.body?.error?.code ?? ''}`);
  if (chat.body?.usage?.plan !== 'Pro') problems.push(`Pro reader: ${chat.status} ${chat.body?.usage?.plan ?? chat.body?.error?.code ?? ''}`);
  if (keyed.status !== 200) problems.push(`annual key: ${keyed.status} ${keyed.body?.error?.code ?? ''}`);
  return problems;
}

const count = (tally: Map<string, number>, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const tallyText = (tally: Map<string, number>) => [...tally].map(([key, n]) => `${key}: ${n}`).join(', ') || 'none';

// ---------------------------------------------------------------------------------------------
// A flood of free readers at 10x the traffic that once made billing refuse the services' questions

export async function planFlood(paying: PayingReaders, { perMinute = 6000, floodSeconds = 15 } = {}): Promise<void> {
  const free = await Promise.all(Array.from({ length: 40 }, (_, i) => newReader(`flood${i}`)));
  const statuses = new Map<string, number>();
  const problems = new Map<string, number>();
  let sent = 0;
  let rounds = 0;
  let flooding = true;
  const started = Date.now();
  const roundMs: number[] = [];
  const watching = (async () => {
    while (flooding) {
      rounds++;
      const roundStarted = Date.now();
      for (const problem of await payingProblems(paying)) count(problems, problem);
      roundMs.push(Date.now() - roundStarted);
      await sleep(100);
    }
  })();
  const pending: Array<Promise<void>> = [];
  while (Date.now() - started < floodSeconds * 1000) {
    const n = sent++;
    const reader = free[n % free.length]!;
    const path = n % 2 === 0 ? DECODER_PATHS.usage : CHAT_PATHS.usage;
    pending.push(call('GET', path, { token: reader.token, from: clientAddress(n) }).then((answer: Answer) => void count(statuses, String(answer.status))));
    const due = started + (sent * 60_000) / perMinute;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  await Promise.all(pending);
  flooding = false;
  await watching;
  const downgrades = [...problems.values()].reduce((a, b) => a + b, 0);
  console.log(`\n4. Plans under a flood: ${sent} free readers' requests in ${seconds(Date.now() - started)} (${perMinute} a minute, from 250 addresses, through the gateway)`);
  console.log(`   free readers' answers: ${tallyText(statuses)}`);
  roundMs.sort((a, b) => a - b);
  console.log(
    `   paying readers (a monthly, a Pro and an annual key) checked ${rounds} times (a round took ${roundMs[Math.floor(roundMs.length / 2)] ?? 0} ms median, ${roundMs.at(-1) ?? 0} ms at most): ${downgrades} downgrades (${tallyText(problems)})`,
  );
  check(downgrades === 0, `a paying reader was treated as less than paid during the flood: ${tallyText(problems)}`);
  // Free readers must be served too: no refusal of any kind. A request the suite gave up on after 10 s (status 0)
  // is shown above but not failed here: on this 2-core machine it measures the load beside the suite.
  const refused = [...statuses.keys()].filter((status) => status !== '200' && status !== '0');
  check(refused.length === 0, `free readers were refused during the flood: ${tallyText(statuses)}`);
}

// ---------------------------------------------------------------------------------------------
// Billing stopped (SIGSTOP: it holds its connections and answers nothing)

export async function billingStopped(platform: Platform, paying: PayingReaders, stopSeconds = 10): Promise<void> {
  const stranger = await newReader('billing-stranger');
  const pid = platform.servicePid('billing')!;
  process.kill(pid, 'SIGSTOP');
  const stoppedAt = Date.now();
  const problems = new Map<string, number>();
  const strangers = new Map<string, number>();
  let rounds = 0;
  let slowest = 0;
  try {
    while (Date.now() - stoppedAt < stopSeconds * 1000) {
      const roundStarted = Date.now();
      rounds++;
      for (const problem of await payingProblems(paying)) count(problems, problem);
      const unknown = await call('GET', DECODER_PATHS.usage, { token: stranger.token });
      count(strangers, `${unknown.status} ${unknown.body?.error?.code ?? unknown.body?.usage?.subscription_tier ?? ''}${unknown.retryAfter ? ` (Retry-After ${unknown.retryAfter})` : ''}`);
      slowest = Math.max(slowest, Date.now() - roundStarted);
      await sleep(250);
    }
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  const resumedAt = Date.now();
  let back: number | undefined;
  while (Date.now() - resumedAt < 30_000) {
    const answer = await call('GET', DECODER_PATHS.usage, { token: stranger.token, timeoutMs: 3000 });
    if (answer.status === 200 && answer.body?.usage?.subscription_tier === 'free') {
      back = Date.now() - resumedAt;
      break;
    }
    await sleep(100);
  }
  const downgrades = [...problems.values()].reduce((a, b) => a + b, 0);
  console.log(`\n5. Billing stopped (SIGSTOP) for ${seconds(resumedAt - stoppedAt)}`);
  console.log(`   paying readers checked ${rounds} times: ${downgrades} downgrades (${tallyText(problems)}); slowest round ${seconds(slowest)}`);
  console.log(`   a signed-in reader billing had never been asked about: ${tallyText(strangers)}`);
  console.log(`   that reader counted on their own plan again ${back === undefined ? 'NEVER (30 s)' : `${seconds(back)}`} after billing resumed, with no restart`);
  check(downgrades === 0, `a paying reader was treated as less than paid while billing was stopped: ${tallyText(problems)}`);
  check([...strangers.keys()].every((key) => key.startsWith('503 PLAN_UNAVAILABLE (Retry-After')), `a reader with no known plan was not answered 503 PLAN_UNAVAILABLE with Retry-After: ${tallyText(strangers)}`);
  check(back !== undefined, 'the decoder did not ask billing again after it resumed');
}

// ---------------------------------------------------------------------------------------------
// Identity stopped past the services' key cache and the revocation check's grace

export async function identityStopped(platform: Platform, reader: Reader, { stopSeconds = 45, keysTtlMs = 5000, graceMs = 30_000 } = {}): Promise<void> {
  const pid = platform.servicePid('identity')!;
  check((await call('GET', DECODER_PATHS.usage, { token: reader.token })).status === 200, 'the reader was not signed in before identity stopped');
  process.kill(pid, 'SIGSTOP');
  const stoppedAt = Date.now();
  const byPhase = { grace: new Map<string, number>(), after: new Map<string, number>() };
  let signIn: { status: number; ms: number } | undefined;
  try {
    const signingIn = (async () => {
      const started = Date.now();
      const answer = await call('POST', AUTH_PATHS.login, { body: { email: reader.email, password: PASSWORD }, timeoutMs: 30_000 });
      signIn = { status: answer.status, ms: Date.now() - started };
    })();
    while (Date.now() - stoppedAt < stopSeconds * 1000) {
      const answer = await call('GET', DECODER_PATHS.usage, { token: reader.token, timeoutMs: 10_000 });
      const phase = Date.now() - stoppedAt < graceMs - 3000 ? 'grace' : 'after';
      count(byPhase[phase], `${answer.status}${answer.body?.error?.code ? ` ${answer.body.error.code}` : ''}${answer.status === 503 && answer.retryAfter ? ' (Retry-After)' : ''}`);
      await sleep(500);
    }
    await signingIn;
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  const resumedAt = Date.now();
  let back: number | undefined;
  while (Date.now() - resumedAt < 30_000) {
    if ((await call('GET', DECODER_PATHS.usage, { token: reader.token, timeoutMs: 3000 })).status === 200) {
      back = Date.now() - resumedAt;
      break;
    }
    await sleep(100);
  }
  const all = [...byPhase.grace.keys(), ...byPhase.after.keys()];
  console.log(`\n6. Identity stopped (SIGSTOP) for ${seconds(resumedAt - stoppedAt)}, past the services' key cache (IDENTITY_KEYS_TTL_MS=${keysTtlMs}) and the session check's grace (${seconds(graceMs)})`);
  console.log(`   a signed-in reader's requests to the decoder, within the grace: ${tallyText(byPhase.grace)}; after it: ${tallyText(byPhase.after)}`);
  console.log(`   sign-in through the gateway meanwhile: ${signIn ? `${signIn.status} after ${seconds(signIn.ms)}` : 'no answer'}`);
  console.log(`   the reader's requests answered 200 again ${back === undefined ? 'NEVER (30 s)' : seconds(back)} after identity resumed, with no restart`);
  check(!all.some((key) => key.startsWith('401')), `a valid token was refused as invalid while identity was stopped: ${all.join(', ')}`);
  check(all.every((key) => key === '200' || key === '503 AUTH_UNAVAILABLE (Retry-After)'), `while identity was stopped the decoder answered other than 200 or 503 AUTH_UNAVAILABLE: ${all.join(', ')}`);
  check(signIn !== undefined && signIn.status === 504 && signIn.ms < 15_000, `sign-in through the gateway did not end with 504 within its budget: ${JSON.stringify(signIn)}`);
  check(back !== undefined, 'the reader was not served again after identity resumed');
}

// ---------------------------------------------------------------------------------------------
// The chat killed while an answer streams

export async function chatKilledMidStream(platform: Platform, llm: FakeLlm): Promise<void> {
  const reader = await confirmedReader('mid-stream');
  const messagesToday = async () => (await call('GET', CHAT_PATHS.usage, { token: reader.token })).body?.usage?.messages_today as number | undefined;
  const before = await messagesToday();
  await llm.setMode('slow');
  const controller = new AbortController();
  let sessionId: string | undefined;
  let aiMessageId: string | undefined;
  let deltas = 0;
  const killed = { at: 0, pid: platform.servicePid('chat')! };
  try {
    const response = await fetch(`${gatewayUrl()}${CHAT_PATHS.stream}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${reader.token}`, 'x-forwarded-for': clientAddress() },
      body: JSON.stringify({ message: `Tell me about redlining, slowly. ${RUN}-mid-stream` }),
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let text = '';
    const stream = response.body!.getReader();
    for (;;) {
      const { value, done } = await stream.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const meta = /event: meta\ndata: (.+)\n/.exec(text);
      if (meta && !sessionId) ({ session_id: sessionId, ai_message_id: aiMessageId } = JSON.parse(meta[1]!));
      deltas = text.split('event: delta').length - 1;
      if (deltas >= 3) break;
    }
  } finally {
    killed.at = Date.now();
    process.kill(killed.pid, 'SIGKILL');
    controller.abort();
  }
  const during = await messagesToday().catch(() => undefined);
  let failedAfter: number | undefined;
  let status = 'unknown';
  while (Date.now() - killed.at < 60_000 && sessionId) {
    const messages = await call('GET', CHAT_PATHS.messages(sessionId), { token: reader.token, timeoutMs: 3000 });
    status = messages.body?.messages?.find((m: { id: string }) => m.id === aiMessageId)?.status ?? `HTTP ${messages.status}`;
    if (status === 'failed') {
      failedAfter = Date.now() - killed.at;
      break;
    }
    await sleep(200);
  }
  await llm.setMode('normal');
  const after = await messagesToday();
  const regenerated = sessionId ? await call('POST', CHAT_PATHS.regenerate(sessionId), { token: reader.token, body: {}, timeoutMs: 15_000 }) : undefined;
  const charged = await messagesToday();
  console.log(`\n7. The chat killed (kill -9, pid ${killed.pid}) after ${deltas} pieces of a streamed answer`);
  console.log(`   the answer was marked failed ${failedAfter === undefined ? `NEVER within 60 s (last seen ${status})` : `${seconds(failedAfter)} after the kill`}; messages today ${before} -> ${during ?? '(chat down)'} -> ${after} once it was failed`);
  console.log(`   Regenerate at once: ${regenerated?.status ?? 'not tried'}${regenerated?.body?.error?.code ? ` ${regenerated.body.error.code}` : ''}; messages today then ${charged}`);
  check(failedAfter !== undefined, `the answer cut off by the crash was not marked failed (${status})`);
  check(after === before, `the answer cut off by the crash was charged (${before} -> ${after})`);
  check(regenerated?.status === 200, `Regenerate after the crash answered ${regenerated?.status} ${regenerated?.body?.error?.code ?? ''}`);
}

// ---------------------------------------------------------------------------------------------
// The disk under the launcher's logs full

/** Mounts a small tmpfs where the platform will keep its logs; false where mounting is not allowed (not root). */
export function smallLogDisk(logDir: string): boolean {
  mkdirSync(logDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', logDir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function releaseLogDisk(logDir: string): void {
  try {
    execFileSync('umount', ['-l', logDir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
}

export async function logDiskFull(platform: Platform, llm: FakeLlm, logDir: string, launcherLines: string[], reader: Reader, fullSeconds = 10): Promise<void> {
  // The model answering 429 makes every analysis log a warning (the suite's services log at warn): output to write.
  await llm.setMode('rate-limited');
  const filler = path.join(logDir, 'filler');
  // Fill the disk to its last byte.
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) appendFileSync(filler, chunk);
  } catch {
    // ENOSPC: full
  }
  const pids = Object.fromEntries((['identity', 'decoder', 'chat', 'billing'] as const).map((name) => [name, platform.servicePid(name)]));
  const linesBefore = launcherLines.length;
  const answers = new Map<string, number>();
  const started = Date.now();
  while (Date.now() - started < fullSeconds * 1000) {
    const results = await Promise.all([
      call('GET', '/'),
      call('GET', DECODER_PATHS.usage, { token: reader.token }),
      call('POST', DECODER_PATHS.analyze, { token: reader.token, body: { text: article(`${RUN}-disk`) } }),
      call('GET', CHAT_PATHS.usage, { token: reader.token }),
    ]);
    for (const answer of results) count(answers, String(answer.status));
    await sleep(200);
  }
  rmSync(filler, { force: true });
  const freedAt = Date.now();
  let written: number | undefined;
  while (Date.now() - freedAt < 20_000) {
    await call('POST', DECODER_PATHS.analyze, { token: reader.token, body: { text: article(`${RUN}-disk`) } });
    if (launcherLines.slice(linesBefore).some((line) => /written again/.test(line))) {
      written = Date.now() - freedAt;
      break;
    }
    await sleep(250);
  }
  await llm.setMode('normal');
  const said = launcherLines.slice(linesBefore).filter((line) => /cannot be written/.test(line));
  const restarted = Object.entries(pids).filter(([name, pid]) => platform.servicePid(name as 'chat') !== pid).map(([name]) => name);
  const back = await call('GET', '/');
  console.log(`\n8. The disk under the launcher's logs full (an 8 MB tmpfs filled to its last byte) for ${seconds(fullSeconds * 1000)}`);
  console.log(`   pages and APIs meanwhile (analyses with the model answering 429, so that the decoder logs warnings): ${tallyText(answers)}`);
  console.log(`   the launcher said so ${said.length} time(s) (${said.map((line) => line.replace(/\s+/g, ' ').slice(0, 80)).join('; ') || 'never'}); logs written again ${written === undefined ? 'NOT within 20 s' : `${seconds(written)}`} after space was freed`);
  console.log(`   services restarted: ${restarted.join(', ') || 'none'}; the site after: ${back.status}`);
  check([...answers.keys()].every((status) => status === '200'), `while the log disk was full the site answered: ${tallyText(answers)}`);
  const saidFor = said.map((line) => /logs for (\S+)/.exec(line)?.[1] ?? line);
  check(said.length >= 1 && new Set(saidFor).size === saidFor.length, `the launcher should say once per service that its logs cannot be written: ${said.join(' | ') || 'never said'}`);
  check(restarted.length === 0, `services restarted while the log disk was full: ${restarted.join(', ')}`);
  check(back.status === 200, `the site did not answer after the disk was freed (${back.status})`);
  check(written !== undefined, 'the launcher did not write logs again after space was freed');
}
