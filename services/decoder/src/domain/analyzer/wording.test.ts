/**
 * Classes of wording (verb forms, determiners, elliptical forms), the cue groups and passage-level
 * rules of the policy codewords, and the framing features added with them. Literal uses stay unflagged.
 */
import { describe, expect, it } from 'vitest';
import { expandPattern } from '../../../scripts/build-lexicon.ts';
import { featureVector, framingCounts } from './framing.ts';
import { wordInflections } from './word-lists.ts';
import { analyzeArticle, analyzeDetailed } from './index.ts';
import { lexicon } from './lexicon.ts';
import { HYPHENATED, tokenize } from './tokenize.ts';

const codewordsOf = (text: string) => analyzeArticle(text).detected_terms.filter((t) => t.is_codeword).map((t) => t.term);
const glossaryHits = (text: string) => analyzeDetailed(text).codewordGlossaryNames.flat();

describe('wording patterns in the lexicon data', () => {
  it('spell out every alternative, drop empty slots and repeated phrases', () => {
    expect(expandPattern('{secure|securing} {the|our} border')).toEqual([
      'secure the border', 'secure our border', 'securing the border', 'securing our border',
    ]);
    expect(expandPattern('{government |}entitlement program{|s}')).toEqual([
      'government entitlement program', 'government entitlement programs', 'entitlement program', 'entitlement programs',
    ]);
    expect(expandPattern('{a|a}  b')).toEqual(['a b']);
    expect(() => expandPattern('{a|b')).toThrow(/unclosed/);
  });

  it('ship only spelled-out forms', () => {
    for (const entry of lexicon.entries) for (const form of entry.forms) expect(form.text).not.toMatch(/[{}|]/);
  });
});

describe('verb forms and variants of a dog whistle', () => {
  it('flags the inflected forms of a slogan', () => {
    expect(codewordsOf('The governor secured our borders, she told the rally.')).toEqual(['secured our borders']);
    expect(codewordsOf('They are taking back America, the candidate said.')).toEqual(['taking back america']);
    expect(codewordsOf('The senator vowed to end birthright citizenship.')).toEqual(['end birthright citizenship']);
    expect(codewordsOf('He promised the repeal of birthright citizenship.')).toEqual(['repeal of birthright citizenship']);
  });

  it('keeps the grammar of the verb form in the translation', () => {
    const [rewritten] = analyzeArticle('The governor secured our borders, and they are taking back America.').translation.text.split('\n\n');
    expect(rewritten).toBe('The governor kept Latino immigrants out, and they are restoring white control of the country.');
  });

  it('names the welfare state as an "entitlement society", but leaves a legal entitlement alone', () => {
    expect(glossaryHits('He warned that we are becoming an entitlement society.')).toContain('entitlement programs');
    expect(codewordsOf('The court ruled on her entitlement to the pension under the contract.')).toEqual([]);
    expect(codewordsOf('Entitlement programs make up most of the federal budget, the report said.')).toEqual([]);
  });

  it('reads "merit-based" alone as the immigration screen only next to immigration words', () => {
    expect(glossaryHits('He wants merit-based. That would cut legal immigration by half.')).toContain('merit-based immigration policy');
    expect(codewordsOf('The district moved teachers to merit-based pay this year.')).toEqual([]);
    expect(codewordsOf('Scholarships are merit-based, the university said.')).toEqual([]);
  });
});

describe('cue groups: aid pictured as spent on vices', () => {
  it('flags food stamps next to the vice trope', () => {
    expect(codewordsOf('They spend their food stamps on beer and cigarettes.')).toEqual(['food stamps']);
  });

  it('leaves food stamps and tax cuts in budget news alone', () => {
    expect(codewordsOf('Congress voted to expand food stamps for families hit by the drought.')).toEqual([]);
    expect(codewordsOf('The tax cuts will cost $1.5 trillion over a decade, the budget office said.')).toEqual([]);
    expect(codewordsOf('The state will cut taxes on groceries next year.')).toEqual([]);
  });
});

describe('passage-level rules for school and housing codewords', () => {
  const filler = 'The board met for three hours and heard from parents, teachers and the superintendent about budgets, buses, lunch menus and the calendar for next year. ';

  it('finds the racial frame anywhere in the paragraph', () => {
    const text = `The governor expanded school choice across the state. ${filler.repeat(2)}Critics of the plan warned about indoctrination in the classroom.`;
    expect(codewordsOf(text)).toEqual(['school choice']);
  });

  it('does not reach across a paragraph break', () => {
    const text = `The governor expanded school choice across the state.\n\n${filler}Critics of the plan warned about indoctrination in the classroom.`;
    expect(codewordsOf(text)).toEqual([]);
  });

  it('leaves ordinary school news alone', () => {
    expect(codewordsOf(`Public schools open on Monday. ${filler}`)).toEqual([]);
    expect(codewordsOf('The bill funds school choice programs and teacher raises.')).toEqual([]);
  });
});

describe('literal uses stay unflagged', () => {
  it('urban planning, a city named in passing, Law & Order the show', () => {
    expect(codewordsOf('The urban planning department redrew bus routes near the crime lab.')).toEqual([]);
    expect(codewordsOf('She flew from Chicago to Detroit for the conference.')).toEqual([]);
    expect(codewordsOf('Law and Order returns for a new season on NBC.')).toEqual([]);
  });
});

describe('framing features', () => {
  it('inflects listed words the way English does', () => {
    expect(wordInflections('slam')).toEqual(['slams', 'slammed', 'slamming', 'slamly']);
    expect(wordInflections('outrage')).toEqual(['outrages', 'outraged', 'outraging', 'outragely']);
    expect(wordInflections('deny')).toEqual(['denies', 'denied', 'denying', 'denily']);
    expect(wordInflections('terrible')).toEqual(['terribles', 'terribled', 'terribling', 'terribly']);
    expect(wordInflections('tragic')).toEqual(['tragics', 'tragiced', 'tragicing', 'tragically']);
    expect(wordInflections('attack')).toContain('attacked');
  });

  it('counts every inflection of a listed word, and shows its -ed, -ing and -ly forms but not its -s form', () => {
    const counts = (text: string) => {
      const tokens = tokenize(text);
      return framingCounts(tokens, new Uint8Array(tokens.count));
    };
    // "deplore" is listed as strongly subjective and negative; "deplored" is in neither list.
    const inflected = counts('The council deplored the plan.');
    expect(inflected.strong).toBe(1);
    expect(inflected.negative).toBe(1);
    expect(inflected.loaded).toBe(1);
    expect(inflected.loadedTokens).toEqual([2]);
    expect(counts('The council said they deplore the plan.').loadedTokens).toEqual([4]);
    // "plot" is listed; "plots" of land is another word and is not shown.
    const plural = counts('The city sold two plots of land.');
    expect(plural.loaded).toBe(1);
    expect(plural.loadedTokens).toEqual([]);
  });

  it('does not read neutral reporting verbs as loaded language', () => {
    const loadedTerms = (text: string) =>
      analyzeArticle(text).detected_terms.filter((t) => t.category === 'loaded-language').map((t) => t.term);
    // "disputed", "denied" and "rejected" are strongly subjective and negative in the opinion lists,
    // but in news they only report who said what.
    expect(loadedTerms('The company disputed the figures, a spokesman said.')).toEqual([]);
    expect(loadedTerms('The minister denied the report and rejected the findings, officials said.')).toEqual([]);
    expect(loadedTerms('She said the ruling was disputed by both parties.')).toEqual([]);
    const tokens = tokenize('The company disputed the figures, a spokesman said.');
    expect(framingCounts(tokens, new Uint8Array(tokens.count)).loaded).toBe(0);
  });

  it('reads judging speech verbs and pejorative labels as loaded language', () => {
    const loaded = analyzeArticle('The senator claimed the mob was paid, and slammed the leftists who defended it.')
      .detected_terms.filter((t) => t.category === 'loaded-language');
    expect(loaded.map((t) => t.term).sort()).toEqual(['claimed', 'leftists', 'mob', 'slammed']);
    expect(loaded.find((t) => t.term === 'claimed')!.explanation).toContain('"said"');
    expect(loaded.find((t) => t.term === 'mob')!.explanation).toContain('pejorative label');
  });

  it('measures partisan labels, hyphenated compounds and word length', () => {
    const text = 'The far-right group attacked liberals.';
    const tokens = tokenize(text);
    expect(tokens.norm).toEqual(['the', 'far', 'right', 'group', 'attacked', 'liberals']);
    expect(tokens.shape.map((s) => (s & HYPHENATED) !== 0)).toEqual([false, false, true, false, false, false]);
    const counts = framingCounts(tokens, new Uint8Array(tokens.count));
    expect(counts.partisan).toBe(2); // "far right" and "liberals"
    expect(counts.hyphenated).toBe(1);
    const features = featureVector(counts, { codewords: 0, otherTerms: 0 });
    expect(features.partisanRate).toBeCloseTo(2 / 6);
    expect(features.hyphenRate).toBeCloseTo(1 / 6);
    expect(features.meanWordLength).toBeCloseTo((3 + 3 + 5 + 5 + 8 + 8) / 6);
  });

  it('counts praise (peacock words) for the score without showing it as loaded language', () => {
    const text = 'Supporters called the brilliant and heroic plan a triumph, officials said.';
    const tokens = tokenize(text);
    const counts = framingCounts(tokens, new Uint8Array(tokens.count));
    expect(counts.peacock).toBeGreaterThanOrEqual(2); // "brilliant", "heroic": strongly subjective and positive
    expect(featureVector(counts, { codewords: 0, otherTerms: 0 }).peacockLog).toBeCloseTo(Math.log1p(counts.peacock));
    expect(analyzeArticle(text).detected_terms.filter((t) => t.category === 'loaded-language')).toEqual([]);
    // Report and attribution words are never praise, whatever the opinion lists say.
    const neutral = tokenize('The court said it confirmed the ruling.');
    expect(framingCounts(neutral, new Uint8Array(neutral.count)).peacock).toBe(0);
  });

  it('counts references to time, not the modal "may"', () => {
    const dated = tokenize('The council voted on Tuesday, a week after the hearing.');
    const counts = framingCounts(dated, new Uint8Array(dated.count));
    expect(counts.timeReferences).toBe(2); // "tuesday", "week"
    expect(featureVector(counts, { codewords: 0, otherTerms: 0 }).timeRate).toBeCloseTo(2 / dated.count);
    const modal = tokenize('Officials may march to city hall.');
    expect(framingCounts(modal, new Uint8Array(modal.count)).timeReferences).toBe(0);
  });

  it('a dash between spaced words is not a hyphen', () => {
    const tokens = tokenize('He left - then returned');
    expect(tokens.shape.some((s) => (s & HYPHENATED) !== 0)).toBe(false);
  });
});
