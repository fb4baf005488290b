import { describe, expect, it } from 'vitest';
import { advancedDetection } from '@keisha/contracts/decoder/schemas';
import { analyzeArticle } from '../analyzer/index.ts';
import { tokenize } from '../analyzer/tokenize.ts';
import { passiveClauses } from './agency.ts';
import { advancedFor, advancedTeaser, includesAdvanced, withAdvanced } from './index.ts';
import { sourcingBalance } from './sourcing.ts';
import { biasStrip, scoreText, STRIP_MAX_SENTENCES } from './strip.ts';
import labelled from './fixtures/agency-labelled.json' with { type: 'json' };

// Our own article, written for these tests.
const ARTICLE = [
  'Shots were fired near Elm Street on Friday night, and a 19-year-old man was killed.',
  'Police Chief Dan Reyes said the officers followed protocol.',
  '"We were scared," said Maria Lopez, a longtime resident of the block.',
  'According to police, the man was armed.',
  'Angry protesters claimed the teen was unarmed, and radical leftists stormed the council meeting, screaming slurs!',
  'The suspect was taken into custody by deputies.',
  '"Nobody told us anything," Lopez said.',
  'Sources familiar with the investigation said the officer was placed on leave.',
].join(' ');

describe('the per-sentence strip', () => {
  it('scores each sentence exactly as the analyzer scores that sentence alone', () => {
    const strip = biasStrip(ARTICLE);
    expect(strip.total).toBe(8);
    for (const s of strip.sentences) expect(s.score).toBe(analyzeArticle(ARTICLE.slice(s.start, s.end)).score);
    expect(scoreText('')).toBe(0);
    for (const { text } of labelled.sentences) expect(scoreText(text)).toBe(analyzeArticle(text).score);
    // A text of coded terms alone still scores on its term features, as the analyzer does.
    expect(scoreText('urban youth')).toBe(analyzeArticle('urban youth').score);
  });

  it('cuts the article into its sentences in order, each with its punctuation and quotes', () => {
    const spans = biasStrip(ARTICLE).sentences.map((s) => ARTICLE.slice(s.start, s.end));
    expect(spans[0]).toBe('Shots were fired near Elm Street on Friday night, and a 19-year-old man was killed.');
    expect(spans[2]).toBe('"We were scared," said Maria Lopez, a longtime resident of the block.');
    expect(spans[6]).toBe('"Nobody told us anything," Lopez said.');
    const strip = biasStrip(ARTICLE).sentences;
    for (let i = 1; i < strip.length; i++) expect(strip[i]!.start).toBeGreaterThanOrEqual(strip[i - 1]!.end);
  });

  it('keeps the mark that opens a sentence with it, and gives it to the sentence it opens', () => {
    const sentences = (text: string) => biasStrip(text).sentences.map((s) => text.slice(s.start, s.end));
    // The audit: "<3 this city." was shown as "3 this city.", and an article pasted as HTML lost its first "<".
    expect(sentences('<3 this city. The crowd cheered.')).toEqual(['<3 this city.', 'The crowd cheered.']);
    expect(sentences('<p>The council met. It voted.</p>')).toEqual(['<p>The council met.', 'It voted.</p>']);
    expect(sentences('¿Qué pasó? ¡Nadie sabe! ‘Wait,’ he said.')).toEqual(['¿Qué pasó?', '¡Nadie sabe!', '‘Wait,’ he said.']);
    expect(sentences('He left. (She stayed.) "Fine," they said.')).toEqual(['He left.', '(She stayed.)', '"Fine," they said.']);
  });

  it('places the loaded sentence above the plain ones', () => {
    const strip = biasStrip(ARTICLE).sentences;
    const loaded = strip[4]!.score;
    expect(loaded).toBeGreaterThan(strip[1]!.score);
    expect(loaded).toBeGreaterThan(strip[5]!.score);
  });

  it('keeps the first 400 sentences of a very long article and says how many there were', () => {
    const long = 'The council met on Tuesday. '.repeat(STRIP_MAX_SENTENCES + 30);
    const strip = biasStrip(long);
    expect(strip.sentences).toHaveLength(STRIP_MAX_SENTENCES);
    expect(strip.total).toBe(STRIP_MAX_SENTENCES + 30);
  });
});

describe('agency-hiding', () => {
  it('finds agentless passives, tells harm apart, and sees a "by" agent', () => {
    const clauses = passiveClauses(ARTICLE, tokenize(ARTICLE));
    expect(clauses.map((c) => [c.verb, c.agentNamed, c.harm])).toEqual([
      ['fired', false, true],
      ['killed', false, true],
      ['taken', true, false],
      ['placed', false, false],
    ]);
    expect(ARTICLE.slice(clauses[0]!.start, clauses[0]!.end)).toBe('were fired');
  });

  it('agrees with every hand label of our 40 sentences', () => {
    const wrong = labelled.sentences.filter((s) => {
      const clauses = passiveClauses(s.text, tokenize(s.text));
      const agentless = clauses.filter((c) => !c.agentNamed);
      return agentless.length > 0 !== s.agentless || agentless.some((c) => c.harm) !== s.harm;
    });
    expect(wrong.map((s) => s.text)).toEqual([]);
  });

  it('does not call states passives, nor a time after "by" an agent', () => {
    const text = 'She was tired. The shop is located downtown. The fee is set to rise. The man was detained by Friday.';
    const clauses = passiveClauses(text, tokenize(text));
    expect(clauses.map((c) => [c.verb, c.agentNamed])).toEqual([['detained', false]]);
  });
});

describe('sourcing balance', () => {
  it('types each source, keeps the reporting verb and the describing words, and skips speech inside quotes', () => {
    const balance = sourcingBalance(ARTICLE, tokenize(ARTICLE));
    expect(balance.attributions.map((a) => [a.speaker, a.type, a.verb, a.doubting])).toEqual([
      ['Police Chief Dan Reyes', 'official', 'said', false],
      ['Maria Lopez', 'community', 'said', false],
      ['police', 'official', 'According to', false],
      ['Angry protesters', 'community', 'claimed', true],
      ['Lopez', 'community', 'said', false],
      ['Sources familiar with the investigation', 'unnamed', 'said', false],
    ]);
    expect(balance.attributions[1]!.describing).toEqual([{ word: 'longtime', loaded: false }]);
    expect(balance.attributions[3]!.describing.map((d) => d.word)).toEqual(['Angry']);
    expect(balance.counts).toEqual({ official: 2, community: 3, expert: 0, unnamed: 1, other: 0 });
    expect(balance.doubting).toEqual({ official: 0, community: 1, expert: 0, unnamed: 0, other: 0 });
  });

  it('does not read "the alleged attack" as a report', () => {
    const text = 'The alleged attack happened on Monday.';
    expect(sourcingBalance(text, tokenize(text)).attributions).toEqual([]);
  });
});

describe('who gets what', () => {
  it('gives advanced detection to Monthly and Annual only', () => {
    expect(['guest', 'free', 'monthly', 'annual'].filter((tier) => includesAdvanced(tier as never))).toEqual(['monthly', 'annual']);
  });

  it('gives guests and free readers the teaser: the parts’ names and the way to upgrade, no data', () => {
    for (const tier of ['guest', 'free'] as const) {
      const shown = advancedFor(tier, ARTICLE, { threshold: 48, score: 60 }, { modelConfigured: false });
      expect(shown).toEqual({ locked: true, parts: ['sentence_strip', 'agency', 'sourcing'], upgrade_path: '/pricing' });
    }
    expect(advancedTeaser(true).parts).toContain('second_opinion');
  });

  it('gives a Monthly reader the data, in the contract’s shape', () => {
    const shown = advancedFor('monthly', ARTICLE, { threshold: 48, score: 60 }, { modelConfigured: false });
    expect(shown.locked).toBe(false);
    expect(() => advancedDetection.parse(shown)).not.toThrow();
    if (shown.locked) return;
    expect(shown.sentences).toHaveLength(8);
    expect(shown.agency).toMatchObject({ passives: 4, agentless: 3, agentless_harm: 2 });
    expect(shown.second_opinion).toBeNull();
  });

  it('adds the model’s second opinion beside the embedded score when the model answered', () => {
    const outcome = {
      analysis: { threshold: 48, score: 70, engine: 'embedded+llm' },
      opinion: { model: 'fake-model', score: 82.4, summary: 'Loaded.', embeddedScore: 58 },
    };
    const shown = withAdvanced(outcome, ARTICLE, 'annual').analysis.advanced!;
    expect(shown.locked).toBe(false);
    if (shown.locked) return;
    expect(shown.second_opinion).toEqual({ model: 'fake-model', score: 82, embedded_score: 58, agrees: true, summary: 'Loaded.' });
    const disagreeing = withAdvanced({ ...outcome, opinion: { ...outcome.opinion, score: 20 } }, ARTICLE, 'annual').analysis.advanced!;
    expect(!disagreeing.locked && disagreeing.second_opinion?.agrees).toBe(false);
  });

  it('promises the second opinion in the teaser only where a model is configured', () => {
    const embedded = withAdvanced({ analysis: { threshold: 48, score: 70, engine: 'embedded' } }, ARTICLE, 'guest').analysis.advanced!;
    const failed = withAdvanced({ analysis: { threshold: 48, score: 70, engine: 'embedded' }, modelFailed: true as const }, ARTICLE, 'free').analysis.advanced!;
    expect(embedded.locked && embedded.parts).not.toContain('second_opinion');
    expect(failed.locked && failed.parts).toContain('second_opinion');
  });
});
