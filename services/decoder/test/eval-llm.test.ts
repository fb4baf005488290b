/**
 * `npm run eval:decoder -- --llm` against our fake OpenAI-compatible server on loopback, on a small
 * sample of our own sentences written in the BABE and glossary formats: the script runs as a real
 * process, its requests reach the server, and the figures it prints follow from the model's answers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GLOSSARY_COLUMNS } from '../scripts/lib/eval-data.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';

const EVAL_SCRIPT = fileURLToPath(new URL('../scripts/eval.ts', import.meta.url));

/** Our own sentences, labelled the way BABE is: the model is made to agree with the labels. */
const SENTENCES = [
  { text: 'The reckless senator rammed through a disastrous, corrupt bill that will wreck the economy.', label: 'Biased', words: ['reckless', 'disastrous', 'corrupt', 'wreck'] },
  { text: 'Radical activists bullied the spineless council into a shameful vote, critics fumed.', label: 'Biased', words: ['radical', 'bullied', 'spineless', 'shameful'] },
  { text: 'The council approved the budget on Tuesday, the clerk said.', label: 'Non-biased', words: [] },
  { text: 'The library will open a second branch in March, officials said.', label: 'Non-biased', words: [] },
  { text: 'The mayor met leaders of urban youth programmes at the station.', label: 'Non-biased', words: [] },
] as const;
const GLOSSARY_EXAMPLE = 'The commentator blamed urban youth for every broken window downtown.';

function modelAnswer(article: string): object {
  const sentence = SENTENCES.find((s) => s.text === article);
  const codeword = article.includes('urban youth')
    ? [{ term: 'urban youth', explanation: 'A coded way to say young Black people.', is_codeword: true, category: 'coded-racial' }]
    : [];
  const loaded = (sentence?.words ?? []).map((term) => ({ term, explanation: 'Passes judgement.', is_codeword: false, category: 'loaded-language' }));
  return { score: sentence?.label === 'Biased' ? 100 : 0, summary: 'Read by the fake model.', translation: article, terms: [...loaded, ...codeword] };
}

function babeFile(): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = SENTENCES.map((s) => [quote(s.text), 'outlet', 'topic', s.label, quote(`[${s.words.map((w) => `'${w}'`).join(', ')}]`)].join(';'));
  return ['text;outlet;topic;label_bias;biased_words', ...lines].join('\n') + '\n';
}

function glossaryFile(): string {
  const row: Record<string, string> = Object.fromEntries(GLOSSARY_COLUMNS.map((c) => [c, '']));
  Object.assign(row, { Dogwhistle: 'urban youth', 'Surface Forms': 'urban youth', 'Persona/In-Group': 'racist', Register: 'Formal', 'Linguistic Context': GLOSSARY_EXAMPLE });
  return [GLOSSARY_COLUMNS.join('\t'), GLOSSARY_COLUMNS.map((c) => row[c]).join('\t')].join('\r\n') + '\r\n';
}

describe('eval:decoder --llm', () => {
  let fake: FakeOpenAi;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi(modelAnswer);
    dir = mkdtempSync(join(tmpdir(), 'keisha-eval-llm-'));
    writeFileSync(join(dir, 'babe.csv'), babeFile());
    writeFileSync(join(dir, 'glossary.tsv'), glossaryFile());
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const run = (...extra: string[]) =>
    promisify(execFile)(process.execPath, [EVAL_SCRIPT, '--llm', '--babe', join(dir, 'babe.csv'), '--glossary', join(dir, 'glossary.tsv'), ...extra], {
      env: { ...process.env, OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key', DECODER_MODEL: 'fake-model', DECODER_LLM_TIMEOUT_MS: '5000' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout + error.stderr }),
    );

  it('sends every sentence and glossary example to the model and prints the figures its answers give', async () => {
    fake.mode = 'normal';
    const { code, stdout } = await run('--concurrency', '2');
    expect(code).toBe(0);
    expect(fake.requests).toHaveLength(SENTENCES.length + 1);
    expect(fake.requests.map((r) => r.body.model)).toEqual(Array(SENTENCES.length + 1).fill('fake-model'));
    expect(fake.requests[0]!.authorization).toBe('Bearer test-key');
    expect(stdout).toContain('LLM engine evaluation (fake-model at ' + fake.url);
    expect(stdout).toContain('model answered 6 of 6 texts; embedded fallback on 0');
    // The model scores Biased sentences 100 and the others 0; merged with the embedded score (the
    // mean), every Biased sentence ranks above every other: AUC 1 and, at the threshold, macro F1 1.
    // It flags every annotated word, so token recall is 1; "urban youth" in one of the two Non-biased
    // sentences is one codeword false positive.
    const all = stdout.split('\n').find((line) => line.trimStart().startsWith('all '))!;
    expect(all.trim().split(/\s+/).slice(0, 4)).toEqual(['all', '5', '1.000', '1.000']);
    expect(all).toMatch(/\d\.\d{3}\/1\.000\/\d\.\d{3}/);
    expect(all).toContain('33.33 (1/3)');
    expect(stdout).toContain('codeword recall (own dog whistle flagged in its example): 1.000 (1/1)');
  });

  it('says so, and fails, when the model never answers', async () => {
    fake.mode = 'error';
    const { code, stdout } = await run();
    expect(code).toBe(1);
    expect(stdout).toContain('model answered 0 of 6 texts; embedded fallback on 6');
    expect(stdout).toContain('NO ANSWER FROM THE MODEL');
  });

  it('refuses to run without OPENAI_BASE_URL', async () => {
    const { OPENAI_BASE_URL: _url, OPENAI_API_KEY: _key, ...env } = process.env;
    const { code, stdout } = await promisify(execFile)(process.execPath, [EVAL_SCRIPT, '--llm', '--babe', join(dir, 'babe.csv')], { env }).then(() => ({ code: 0, stdout: '' }), (error: { code: number; stderr: string }) => ({ code: error.code, stdout: error.stderr }));
    expect(code).toBe(1);
    expect(stdout).toContain('--llm needs OPENAI_BASE_URL');
  });
});
