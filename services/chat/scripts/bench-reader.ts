/**
 * node services/chat/scripts/bench-reader.ts
 *
 * Prints the CPU this process spends per streamed chunk reading 100 concurrent Chat Completion streams
 * (64 chunks each) from the fake model in its own process, two ways: the `openai` client's stream
 * (what the chat service used before issue 16) and undici's `request` with `eventsource-parser` (what
 * plugins/completion-stream.ts does). CPU time, not wall time, so other work on the machine moves the
 * figures less. Four rounds each, alternating.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';

const STREAMS = 100;
const child = fork(path.join(import.meta.dirname, 'fake-model-process.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { url } = await new Promise<{ url: string }>((resolve) => child.once('message', (message) => resolve(message as { url: string })));
const body = (i: number) => ({ model: 'fake-model', stream: true as const, messages: [{ role: 'user' as const, content: `question ${i}` }] });

const client = new OpenAI({ baseURL: url, apiKey: 'bench-key', maxRetries: 0 });
async function viaOpenai(i: number): Promise<number> {
  let chunks = 0;
  for await (const chunk of await client.chat.completions.create(body(i))) if (chunk.choices[0]?.delta?.content) chunks++;
  return chunks;
}

async function viaUndici(i: number): Promise<number> {
  let chunks = 0;
  const response = await request(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: 'Bearer bench-key' },
    body: JSON.stringify(body(i)),
  });
  const parser = createParser({
    onEvent: (event) => {
      if (event.data !== '[DONE]' && JSON.parse(event.data).choices?.[0]?.delta?.content) chunks++;
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of response.body) parser.feed(decoder.decode(bytes as Buffer, { stream: true }));
  return chunks;
}

console.log(`CPU of this process per streamed chunk, ${STREAMS} streams at once (node ${process.version})`);
for (let round = 0; round < 4; round++) {
  for (const [name, read] of [['openai client', viaOpenai], ['undici + eventsource-parser', viaUndici]] as const) {
    const before = process.cpuUsage();
    const started = performance.now();
    const counts = await Promise.all(Array.from({ length: STREAMS }, (_, i) => read(i)));
    const cpu = process.cpuUsage(before);
    const chunks = counts.reduce((a, b) => a + b, 0);
    console.log(
      `round ${round}  ${name.padEnd(28)} ${chunks} chunks  ${((cpu.user + cpu.system) / chunks).toFixed(1).padStart(5)} µs CPU per chunk  ` +
        `(wall ${(performance.now() - started).toFixed(0)} ms)`,
    );
  }
}
child.disconnect();
