// The fake OpenAI-compatible model (test/fake-openai.ts) as a process of its own, for benchmarks that
// must not share an event loop with it: answers 64 one-word tokens, the first after 50 ms, then one
// every 5 ms, and sends its URL to the parent over IPC (started with child_process.fork).
import { startFakeOpenAi } from '../test/fake-openai.ts';

const fake = await startFakeOpenAi();
fake.answer = Array.from({ length: 64 }, (_, i) => `token${i}`).join(' ');
fake.firstChunkDelayMs = 50;
fake.chunkDelayMs = 5;
setInterval(() => (fake.requests.length = 0), 1000).unref(); // nobody reads the records here
process.send!({ url: fake.url });
process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
