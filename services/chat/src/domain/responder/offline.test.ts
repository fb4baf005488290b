import { describe, expect, it } from 'vitest';
import { KNOWLEDGE } from '../knowledge/index.ts';
import { answerOffline, rankPassages, sentencesOf } from './offline.ts';

const topicOf = (id: string) => KNOWLEDGE.find((p) => p.id === id)!.topic;

describe('retrieval over the library', () => {
  it.each([
    ['Racial bias in AI systems', 'ai-bias'],
    ['What is white supremacy?', 'white-supremacy'],
    ['Enterprise AI ethics best practices', 'enterprise'],
    ['Counter-racist strategies', 'strategies'],
    ['How does the decoder read an article?', 'decoder'],
  ])('sends the chip or question "%s" to %s', (question, topic) => {
    expect(topicOf(rankPassages(question)[0]!.id)).toBe(topic);
  });

  it.each([
    ['Why does facial recognition fail darker-skinned women?', 'ai-bias/gender-shades'],
    ['Was the hospital algorithm biased against Black patients?', 'ai-bias/health-algorithm'],
    ['Is COMPAS fair?', 'ai-bias/compas'],
    ['predictive policing', 'ai-bias/predictive-policing'],
    ['Do chatbots judge African American English?', 'ai-bias/language-models-dialect'],
    ['How do I audit a hiring tool for bias in New York?', 'enterprise/nyc-local-law-144'],
    ['What does the EU AI Act require?', 'enterprise/eu-ai-act'],
    ['what does the WF codeword badge mean', 'decoder/codewords'],
    ['how is the bias score calculated', 'decoder/score'],
    ['What can I do when I see racist harassment on the bus?', 'strategies/bystander'],
    ['What is intersectionality?', 'white-supremacy/intersectionality'],
    ['redlining maps', 'white-supremacy/redlining'],
  ])('finds the passage for "%s"', (question, id) => {
    expect(rankPassages(question)[0]!.id).toBe(id);
  });
});

describe('answerOffline', () => {
  it('answers in Keisha’s voice with the best passage, a related one, and links to their sources', () => {
    const answer = answerOffline('Why does facial recognition fail darker-skinned women?');
    expect(answer.kind).toBe('answer');
    expect(answer.passageIds[0]).toBe('ai-bias/gender-shades');
    expect(answer.text.startsWith("_I'm in offline mode: no language model is connected")).toBe(true);
    expect(answer.text).toContain('**Gender Shades: face analysis failed darker-skinned women most**');
    expect(answer.text).toContain('**Sources**\n- [Buolamwini & Gebru, Gender Shades, FAT\\* 2018 (PMLR 81)]'.replace('\\*', '*'));
    for (const source of answer.sources) expect(answer.text).toContain(`(${source.url})`);
    const used = KNOWLEDGE.filter((p) => answer.passageIds.includes(p.id)).flatMap((p) => p.sources.map((s) => s.url));
    expect(answer.sources.map((s) => s.url).sort()).toEqual([...new Set(used)].sort());
  });

  it('offers the next passage by its title as written: names and capitals such as Black and COMPAS kept', () => {
    const answer = answerOffline('What is redlining, in two sentences?');
    const offer = answer.text.split('\n\n').at(-1) ?? '';
    const title = offer.match(/^Ask me to tell you more, or about "(.+)"\.$/)?.[1];
    expect(title).toBeDefined();
    expect(KNOWLEDGE.map((p) => p.title)).toContain(title);
  });

  it('adds a closely related passage when there is one', () => {
    const answer = answerOffline('What is white supremacy?');
    expect(answer.passageIds).toHaveLength(2);
    expect(answer.text).toContain('**Related: ');
  });

  it('says why when the language model failed', () => {
    const answer = answerOffline('What is white supremacy?', { modelFailure: 'it answered 503' });
    expect(answer.text.startsWith("_I'm in offline mode: the language model is unavailable right now (it answered 503)")).toBe(true);
  });

  it('is deterministic', () => {
    expect(answerOffline('Tell me about redlining')).toEqual(answerOffline('Tell me about redlining'));
  });

  it('greets, introduces itself, and lists what it can speak to', () => {
    for (const hello of ['hi', 'Hello Keisha!', 'thanks', 'Who are you?']) {
      const answer = answerOffline(hello);
      expect(answer.kind, hello).toBe('greeting');
      expect(answer.text).toContain("Hello, I'm Keisha.");
      expect(answer.text).toContain('white supremacy as a system');
    }
  });

  it('admits when its library has nothing, rather than matching one common word', () => {
    for (const question of ['What is the best recipe for chocolate cake?', 'weather in Paris tomorrow', 'best football team in 2024']) {
      expect(answerOffline(question).kind, question).toBe('no-match');
    }
  });

  it('answers hostile messages of the longest size allowed in well under a second (one took 23 s before)', () => {
    for (const text of [
      `hi${'!'.repeat(19_990)}x`,
      `${'gorilla '.repeat(2_500)}`,
      `${'google '.repeat(2_800)}gorilla`,
      `${"'a ".repeat(6_600)}`,
      `${'because i am '.repeat(1_500)}`,
      `${'. '.repeat(10_000)}`,
    ]) {
      const started = performance.now();
      answerOffline(text);
      expect(performance.now() - started, text.slice(0, 12)).toBeLessThan(1_000);
    }
  });

  it('points a pasted article to the decoder', () => {
    const article = Array.from({ length: 20 }, (_, i) => `Police said shots were fired on the ${i}th block. Residents gathered nearby.`).join(' ');
    const answer = answerOffline(article);
    expect(answer.kind).toBe('article');
    expect(answer.text).toContain('Bias Detection');
    expect(answer.sources).toContainEqual({ title: 'Keisha news decoder (Bias Detection)', url: '/bias-detection' });
  });

  it('moves on to another passage for a follow-up', () => {
    const first = answerOffline('What is predictive policing?');
    const followUp = answerOffline('tell me more', {
      history: [
        { role: 'user', content: 'What is predictive policing?' },
        { role: 'assistant', content: first.text },
      ],
    });
    expect(followUp.kind).toBe('answer');
    expect(followUp.passageIds[0]).not.toBe(first.passageIds[0]);
    expect(answerOffline('tell me more').kind).toBe('no-match');
  });
});

describe('sentencesOf', () => {
  it('keeps a sentence whole across initials and titles (the audit: "U.S. mortgage lenders" began a sentence at "S.")', () => {
    expect(sentencesOf('They found that U.S. mortgage lenders charged more. The gap was 7.9 points.')).toEqual([
      'They found that U.S. mortgage lenders charged more. ',
      'The gap was 7.9 points.',
    ]);
    expect(sentencesOf('Ibram X. Kendi wrote it (was it?) and left. Dr. King spoke. “It never ended,” she said. Next!')).toEqual([
      'Ibram X. Kendi wrote it (was it?) and left. ',
      'Dr. King spoke. ',
      '“It never ended,” she said. ',
      'Next!',
    ]);
  });

  it('cuts every passage of the library into sentences that start as sentences do, and loses nothing', () => {
    for (const passage of KNOWLEDGE) {
      const sentences = sentencesOf(passage.text);
      expect(sentences.join(''), passage.id).toBe(passage.text);
      for (const sentence of sentences) {
        expect(sentence.trim(), passage.id).toMatch(/^[“"'(\[A-Z0-9]/);
        expect(sentence.trim(), passage.id).not.toMatch(/^[A-Z]\.\s/);
      }
    }
  });
});
