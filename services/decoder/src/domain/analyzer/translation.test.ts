/**
 * The Keisha Translation rewrites phrases, not words (issue 31, item 1). Sentences written by us; the
 * first two are the issue's own examples of word substitution.
 */
import { describe, expect, it } from 'vitest';
import { checkRewrite, translationBody } from '../../../scripts/lib/translation-check.ts';
import { wantsAn } from './grammar.ts';
import { analyzeArticle } from './index.ts';

const rewritten = (text: string) => translationBody(analyzeArticle(text).translation.text);

describe('Keisha Translation at the level of phrases', () => {
  it('keeps the noun a term modifies as the head of its phrase, once', () => {
    expect(rewritten('Officers stepped up patrols in the inner city neighborhood after the vote.')).toBe(
      'Officers stepped up patrols in the Black neighborhood after the vote.',
    );
    expect(rewritten('Critics said the tough-on-crime policy targeted the same inner city communities for years.')).toBe(
      'Critics said the policy that is harsh on Black and Latino communities targeted the same Black communities for years.',
    );
  });

  it('puts a replacement that cannot stand before a noun after it', () => {
    expect(rewritten('MAGA conservatives cheered the speech.')).toBe('Conservatives who want to restore an earlier, whiter America cheered the speech.');
    expect(rewritten('He mocked the political correctness brigade on air.')).toBe('He mocked the brigade of objections to bigotry on air.');
    expect(rewritten('Every episode became a politically correct lecture.')).toBe('Every episode became a lecture that is respectful of others.');
  });

  it('turns a verb phrase standing as a noun into a gerund, and keeps a verb phrase a verb phrase', () => {
    expect(rewritten('Supporters of MAGA rallied downtown.')).toBe('Supporters of restoring an earlier, whiter America rallied downtown.');
    expect(rewritten('The mayor promised to secure the border.')).toBe('The mayor promised to keep Latino immigrants out.');
  });

  it('makes articles agree and never doubles a determiner', () => {
    expect(rewritten('An illegal alien was detained, and an officer-involved shooting followed.')).toBe(
      'An undocumented immigrant was detained, and a police shooting followed.',
    );
    expect(rewritten('They did not want their property rights touched, the landlords said of the segregation case.')).not.toMatch(/their the/);
  });

  it('keeps a term inside a hyphenated compound and says what it means after it', () => {
    expect(rewritten('Crowds of MAGA-hat-clad men filled the square.')).toBe('Crowds of MAGA-hat-clad [MAGA: restoring an earlier, whiter America] men filled the square.');
  });

  it('leaves every other word of the article as written', () => {
    const text = 'On Tuesday, the council said the inner city needs  more buses, and “illegals” was the word he used.';
    expect(rewritten(text)).toBe('On Tuesday, the council said the Black neighborhood needs  more buses, and “undocumented immigrants” was the word he used.');
  });

  it('passes its own checker on sentences of every kind of term', () => {
    const sentences = [
      'Officers stepped up patrols in the inner city neighborhood after the vote.',
      'Critics said the tough-on-crime policy targeted the same inner city communities for years.',
      'The law-and-order candidate won the primary.',
      'He blamed welfare queens and a welfare reform bill for the deficit.',
      'This spring I will send you a comprehensive welfare reform bill.',
      'They called the boy a thug and his friends thugs.',
      'The senator warned about mass immigration and anchor babies.',
      'Enjoy four more years of MAGA, the post said.',
      'The White Lives Matter banner hung over the bridge.',
      'The China virus lockdown measures ended in May.',
    ];
    for (const text of sentences) {
      const c = checkRewrite(text, rewritten(text));
      expect(c.problems, text).toEqual([]);
    }
  });
});

describe('the checker counts what word substitution got wrong', () => {
  it('finds the issue\u2019s two examples', () => {
    expect(checkRewrite('patrols in the inner city neighborhood', 'patrols in the Black neighborhood neighborhood').doubled).toBe(1);
    // "the harsh on ...": the determiner finds no noun in its phrase.
    expect(checkRewrite('the tough on crime policy targeted them', 'the harsh on Black and Latino communities policy targeted them').dangling).toBe(1);
    expect(checkRewrite('the MAGA conservatives cheered', 'the restore an earlier, whiter America conservatives cheered').headLoss).toBe(1);
    expect(checkRewrite('an officer-involved shooting', 'an police shooting').article).toBe(1);
    expect(checkRewrite('supporters of MAGA rallied', 'supporters of restore an earlier, whiter America rallied').dangling).toBe(1);
  });

  it('reads "a" and "an" by sound', () => {
    expect(['undocumented', 'hour', 'FBI', 'officer', '18-year-old'].every(wantsAn)).toBe(true);
    expect(['police', 'US-born', 'university', 'one-time', 'European', 'DACA'].some(wantsAn)).toBe(false);
  });
});
