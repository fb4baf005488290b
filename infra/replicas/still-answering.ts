// 4. "Still answering" across replicas
import { CHAT_PATHS } from '@keisha/contracts/chat';
import type { Platform } from '../local/platform.ts';
import type { FakeLlm } from '../faults/fake-llm.ts';
import { check, gatewayUrl, RUN } from '../faults/harness.ts';
import { REPLICAS } from './settings.ts';
import { confirmedReader, replicaUrls } from './harness.ts';

export async function stillAnswering(platform: Platform, llm: FakeLlm): Promise<void> {
  const reader = await confirmedReader('still-answering');
  await llm.setMode('slow');
  const controller = new AbortController();
  let sessionId: string | undefined;
  const refusals: string[] = [];
  try {
    const response = await fetch(`${gatewayUrl()}${CHAT_PATHS.stream}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${reader.token}`, 'x-forwarded-for': '127.9.0.4' },
      body: JSON.stringify({ message: `Tell me about redlining, slowly. ${RUN}-still` }),
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    const stream = response.body!.getReader();
    let text = '';
    while (!sessionId) {
      const { value, done } = await stream.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const meta = /event: meta\ndata: (.+)\n/.exec(text);
      if (meta) sessionId = (JSON.parse(meta[1]!) as { session_id: string }).session_id;
    }
    // While it streams on one replica, every chat replica is asked to answer the conversation again.
    for (const url of replicaUrls(platform, 'chat')) {
      try {
        const answer = await fetch(`${url}${CHAT_PATHS.regenerate(sessionId!)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
          body: '{}',
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await answer.json().catch(() => ({}))) as { error?: { code?: string } };
        refusals.push(`${answer.status} ${body.error?.code ?? ''}`.trim());
      } catch (error) {
        refusals.push(`error ${(error as Error).message}`);
      }
    }
  } finally {
    controller.abort();
    await llm.setMode('normal');
  }
  console.log(`\n4. "Still answering": Regenerate asked of each chat replica while an answer streams: ${refusals.join(', ')}`);
  check(sessionId !== undefined, 'the streamed answer never said its conversation');
  check(refusals.length === REPLICAS && refusals.every((r) => r === '409 REPLY_IN_PROGRESS'), `a replica did not refuse Regenerate while answering: ${refusals.join(', ')}`);
}
