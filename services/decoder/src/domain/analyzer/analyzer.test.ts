import { describe, expect, it } from 'vitest';
import { analyzeArticle, preloadGrammar } from './index.ts';
import { collectFindings, isListedLoadedWord } from './findings.ts';
import { tokenize } from './tokenize.ts';

const termsOf = (text: string) => analyzeArticle(text).detected_terms;
const codewordsOf = (text: string) => termsOf(text).filter((t) => t.is_codeword).map((t) => t.term);
const find = (text: string, term: string) => termsOf(text).find((t) => t.term === term);

describe('analyzeArticle: shape and spans', () => {
  it('returns the documented shape', () => {
    const r = analyzeArticle('The mayor blamed welfare queens for the deficit.');
    expect(r.engine).toBe('embedded');
    expect(Number.isInteger(r.score) && r.score >= 0 && r.score <= 100).toBe(true);
    expect(Number.isInteger(r.threshold)).toBe(true);
    const term = r.detected_terms[0]!;
    expect(Object.keys(term).sort()).toEqual(['category', 'count', 'explanation', 'is_codeword', 'source_url', 'spans', 'term']);
    expect(term.source_url).toMatch(/^https?:\/\//);
  });

  it('points every span at the flagged words of the original text', () => {
    const text = 'Officials said the Officer-Involved Shooting was “justified”. Later, critics called the protesters thugs.';
    for (const term of termsOf(text)) {
      for (const span of term.spans) {
        expect(text.slice(span.start, span.end).toLowerCase()).toBe(term.term);
      }
    }
    const shooting = find(text, 'officer-involved shooting')!;
    expect(shooting.spans).toEqual([{ start: text.indexOf('Officer-Involved'), end: text.indexOf(' was') }]);
    expect(shooting.category).toBe('agency-hiding');
    expect(shooting.is_codeword).toBe(false);
  });

  it('merges repeated terms into one entry with a count and every span', () => {
    const text = 'Thugs looted the store. The thugs ran. Police called them thugs again.';
    const thugs = find(text, 'thugs')!;
    expect(thugs.count).toBe(3);
    expect(thugs.spans.map((s) => text.slice(s.start, s.end))).toEqual(['Thugs', 'thugs', 'thugs']);
    expect(termsOf(text).filter((t) => t.term === 'thugs')).toHaveLength(1);
  });

  it('shows a term written across quotes or extra spaces as its words, single-spaced', () => {
    expect(find('Critics blamed the welfare  “queens” for the deficit.', 'welfare queens')).toBeDefined();
    expect(find('Critics blamed the Welfare Queens for the deficit.', 'welfare queens')).toBeDefined();
  });

  it('matches a phrase that ends in a possessive and keeps the possessive in the translation', () => {
    const r = analyzeArticle("They blamed the inner city's schools.");
    expect(r.detected_terms[0]!.term).toBe("inner city's");
    expect(r.translation.text).toContain("the Black neighborhood's schools");
  });

  it('handles offsets after astral characters (UTF-16)', () => {
    const text = '😀😀 illegals 😀 illegals';
    const term = find(text, 'illegals')!;
    expect(term.spans).toEqual([{ start: 5, end: 13 }, { start: 17, end: 25 }]);
  });
});

describe('context rules keep literal uses unflagged', () => {
  it('urban planning and urban design', () => {
    expect(termsOf('The urban planning office and an urban design studio opened, reducing crime, officials said.').map((t) => t.term)).not.toContain('urban');
  });

  it('flags "urban" when it stands for Black people next to crime words', () => {
    expect(codewordsOf('He blamed urban crime on the gangs.')).toContain('urban');
  });

  it('Law & Order the TV show', () => {
    expect(codewordsOf('Law & Order returns to NBC for a new season this fall.')).toEqual([]);
    expect(codewordsOf('She binge-watched Law and Order: SVU all weekend.')).toEqual([]);
    expect(codewordsOf('The candidate promised law and order in the suburbs.')).toEqual(['law and order']);
  });

  it('a city named in passing or in a dateline', () => {
    expect(codewordsOf('CHICAGO (AP) — The city council approved a budget on Monday.')).toEqual([]);
    expect(codewordsOf('BALTIMORE — The crime-ridden weeks ended, the mayor said.')).toEqual([]);
    expect(codewordsOf('The conference was held in Chicago and Detroit this year.')).toEqual([]);
    expect(codewordsOf('He called Baltimore a rat-infested hellhole.')).toEqual(['baltimore']);
  });

  it('property rights in a real-estate sense, child welfare, historic ghettos', () => {
    expect(codewordsOf('The easement dispute turned on property rights of the homeowners in the segregated era.')).toEqual([]);
    expect(codewordsOf('Child welfare workers visited the minority families.')).toEqual([]);
    expect(codewordsOf('The Warsaw ghetto uprising began in 1943.')).toEqual([]);
  });

  it('acronyms count only in capitals', () => {
    expect(codewordsOf('They banned CRT from classrooms.')).toEqual(['crt']);
    expect(codewordsOf('The crt monitor flickered.')).toEqual([]);
  });
});

describe('agency-hiding', () => {
  it('flags police euphemisms and agentless passives around police violence', () => {
    const r = analyzeArticle('A man was shot during a traffic stop, police said. Shots were fired as officers approached. Protesters clashed with police.');
    const terms = r.detected_terms.map((t) => t.term);
    expect(terms).toEqual(expect.arrayContaining(['was shot', 'shots were fired', 'clashed']));
    expect(r.detected_terms.filter((t) => t.category === 'agency-hiding').length).toBeGreaterThanOrEqual(3);
    expect(r.signals.agencyHidingOccurrences).toBeGreaterThanOrEqual(3);
  });

  it('does not flag a passive that names the agent, or one outside a policing story', () => {
    expect(find('The man was shot by an officer, police said.', 'was shot')).toBeUndefined();
    expect(find('The film was shot in Toronto last spring.', 'was shot')).toBeUndefined();
  });
});

describe('degenerate input', () => {
  it('empty and blank text score 0 with no terms', () => {
    for (const text of ['', '   \n\t  ', '.,;!?']) {
      const r = analyzeArticle(text);
      expect(r.score).toBe(0);
      expect(r.detected_terms).toEqual([]);
      expect(r.analysis_summary.length).toBeGreaterThan(0);
    }
  });

  it('treats HTML and script as plain text', () => {
    const text = '<script>alert("thugs")</script><p onclick="x()">law and order</p>';
    const r = analyzeArticle(text);
    expect(r.detected_terms.map((t) => t.term)).toEqual(expect.arrayContaining(['thugs', 'law and order']));
    for (const t of r.detected_terms) for (const s of t.spans) expect(text.slice(s.start, s.end).toLowerCase()).toBe(t.term);
    expect(r.translation.text).toContain('<script>alert("');
    expect(r.translation.text).toContain('</script><p onclick="x()">');
  });

  it('completes on 1 MB of text', () => {
    preloadGrammar(); // the translation's tagger loads once per process (about 1 s); this measures the analysis
    const paragraph = 'The council met on Tuesday. Critics said the welfare queens rhetoric targeted the inner city, and a man was shot by police.\n\n';
    const text = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
    const started = performance.now();
    const r = analyzeArticle(text);
    const ms = performance.now() - started;
    expect(text.length).toBeGreaterThanOrEqual(1_000_000);
    expect(find(text, 'welfare queens')!.count).toBe(Math.ceil(1_000_000 / paragraph.length));
    expect(ms).toBeLessThan(3000);
    expect(r.translation.text.length).toBeGreaterThan(text.length);
  });

  it('is deterministic', () => {
    const text = 'Officials blamed illegals and thugs; a woman was injured as clashes with police spread. Experts suggested it may be an outrageous overreaction.';
    expect(JSON.stringify(analyzeArticle(text))).toBe(JSON.stringify(analyzeArticle(text)));
  });

  it('accepts non-string input defensively', () => {
    expect(analyzeArticle(undefined as unknown as string).score).toBe(0);
  });
});

describe('look-alike letters', () => {
  it('flags a coded term written in fullwidth or mathematical letters, as it flags the plain one', () => {
    const plain = analyzeArticle('The thugs rioted downtown.');
    for (const text of ['The ＴＨＵＧＳ rioted downtown.', 'The 𝐭𝐡𝐮𝐠𝐬 rioted downtown.']) {
      const r = analyzeArticle(text);
      expect(r.detected_terms.map((t) => t.is_codeword)).toEqual([true]);
      expect(r.score).toBe(plain.score);
    }
  });
});

describe('translation and summary', () => {
  it('replaces coded terms with plain language and adds the persona reading', () => {
    const r = analyzeArticle('An officer-involved shooting left one man dead, police said. The senator blamed illegals and welfare queens.');
    expect(r.translation.text).toContain('A police shooting left one man dead');
    expect(r.translation.text).toContain('undocumented immigrants');
    const [rewritten] = r.translation.text.split("\n\nKeisha's reading: ");
    expect(rewritten).not.toMatch(/welfare queens|illegals|officer-involved/i);
    expect(r.translation.text).toMatch(/\n\nKeisha's reading: /);
    expect(r.translation.text).toMatch(/system/);
  });

  it('the reading follows the findings, not a canned text', () => {
    const coded = analyzeArticle('The candidate attacked welfare queens.').translation.text;
    const clean = analyzeArticle('The library opens at nine on weekdays.').translation.text;
    expect(coded).toContain('"welfare queens"');
    expect(clean).toContain('I found no coded racial language');
    expect(clean.startsWith('The library opens at nine on weekdays.')).toBe(true);
  });

  it('the summary counts the words a reader counts, coded ones and hyphenated ones included', () => {
    // It reported the rates' denominator (tokens less the coded words): "In 2 words" here.
    expect(analyzeArticle('The inner-city thugs rioted.').analysis_summary).toContain('In 4 words I found 2 coded racial terms.');
    expect(analyzeArticle('The mayor said the inner-city schools need funding.').analysis_summary).toContain('In 8 words');
    expect(analyzeArticle('The library opens at nine on weekdays.').analysis_summary).toContain('in these 7 words.');
  });

  it('a text of coded terms alone is analysed, not called empty', () => {
    const r = analyzeArticle('thugs');
    expect(r.analysis_summary).toContain('In 1 word I found 1 coded racial term.');
    expect(r.detected_terms.map((t) => t.term)).toContain('thugs');
  });

  it('the summary names the strongest term, in paragraphs', () => {
    const r = analyzeArticle('Protesters clashed with police. The governor called them thugs and promised law and order. Thugs, he said, were everywhere.');
    const paragraphs = r.analysis_summary.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(paragraphs.length).toBeLessThanOrEqual(4);
    expect(paragraphs[1]).toContain('The strongest evidence is "thugs" (2 times)');
    expect(r.detected_terms[0]!.term).toBe('thugs');
  });

  it('says plainly when a text is clean', () => {
    const r = analyzeArticle('The county opened a new library branch on Monday. It has 40,000 books, the librarian said.');
    expect(r.detected_terms.filter((t) => t.category !== 'loaded-language')).toEqual([]);
    expect(r.analysis_summary).toContain('I found no coded racial language');
    expect(r.score).toBeLessThan(r.threshold);
  });

  it('scores loaded, coded text above the threshold', () => {
    const r = analyzeArticle('These disgusting thugs and illegals are destroying our inner cities, and you know it!');
    expect(r.score).toBeGreaterThanOrEqual(r.threshold);
  });
});

describe('loaded words follow the score', () => {
  it('shows the lists’ loaded words in a text scored Biased only, and names them in the evidence either way', () => {
    const plain = analyzeArticle('Officials said on Tuesday that the council slammed the budget proposal in a 5-2 vote.');
    expect(plain.score).toBeLessThan(plain.threshold);
    expect(plain.detected_terms.filter((t) => t.category === 'loaded-language')).toEqual([]);
    expect(plain.signals?.categoryCounts['loaded-language']).toBeUndefined();
    expect(plain.evidence?.some((e) => e.label.includes('“slammed”'))).toBe(true);

    const loaded = analyzeArticle('The disgraceful, shameful senator slammed the reckless bill, a radical attack on decent families.');
    expect(loaded.score).toBeGreaterThanOrEqual(loaded.threshold);
    expect(loaded.detected_terms.filter((t) => t.category === 'loaded-language').map((t) => t.term)).toEqual(expect.arrayContaining(['disgraceful', 'shameful', 'slammed', 'reckless']));
  });

  it('shows a loaded word inside a hyphenated word with the whole word, as annotators mark it', () => {
    const text = 'The race-baiting senator slammed the foul-mouthed protesters as a mob of radical leftists.';
    const r = analyzeArticle(text);
    expect(r.score).toBeGreaterThanOrEqual(r.threshold);
    const shown = new Map(r.detected_terms.map((t) => [t.term, t]));
    for (const whole of ['race-baiting', 'foul-mouthed']) {
      const t = shown.get(whole)!;
      expect(t.spans.map((s) => text.slice(s.start, s.end))).toEqual([whole]);
      expect(t.explanation).toMatch(new RegExp(`^In "${whole}", "(baiting|foul)" is a loaded word`));
    }
    expect([...shown.keys()].filter((t) => ['race', 'baiting', 'foul', 'mouthed'].includes(t))).toEqual([]);
  });

  it('names a shown word as the text writes it, a possessive with its apostrophe', () => {
    const text = "The radical left's unhinged crusade reached a new low, as the mob's corrupt allies cheered.";
    const r = analyzeArticle(text);
    expect(r.score).toBeGreaterThanOrEqual(r.threshold);
    for (const t of r.detected_terms) {
      expect(t.spans.map((s) => text.slice(s.start, s.end).toLowerCase())).toContain(t.term);
      expect(t.explanation).toContain(`"${t.term}"`);
    }
    expect(r.detected_terms.map((t) => t.term)).not.toContain('mobs');
  });

  it('keeps a term apart from a hyphenated word around it: only the loaded part is shown as loaded', () => {
    const text = 'The inner-city-hating senator slammed the protesters as a mob of radical leftists.';
    const r = analyzeArticle(text);
    const spans = r.detected_terms.flatMap((t) => t.spans).sort((a, b) => a.start - b.start);
    for (let k = 1; k < spans.length; k++) expect(spans[k]!.start).toBeGreaterThanOrEqual(spans[k - 1]!.end);
    expect(r.detected_terms.some((t) => t.is_codeword && t.term === 'inner-city')).toBe(true);
  });

  it('shows a hyphenated word once when more than one of its parts is loaded', () => {
    const text = 'It was a vile-evil stunt.';
    const tokens = tokenize(text);
    const parts = [tokens.norm.indexOf('vile'), tokens.norm.indexOf('evil')];
    const found = collectFindings(text, tokens, [], parts);
    expect(found.map((f) => [f.term, f.count, text.slice(f.spans[0]!.start, f.spans[0]!.end)])).toEqual([['vile-evil', 1, 'vile-evil']]);
    expect(isListedLoadedWord(found[0]!)).toBe(true);
  });

  it('reads a capital inside a sentence as a name, except in a headline written in capitals', () => {
    const loadedTerms = (text: string) => analyzeArticle(text).detected_terms.filter((t) => t.category === 'loaded-language').map((t) => t.term);
    const headline = 'Reckless Senators Push Disgraceful Bill Through Committee';
    expect(analyzeArticle(headline).score).toBeGreaterThanOrEqual(analyzeArticle(headline).threshold);
    expect(loadedTerms(headline)).toContain('disgraceful');
    expect(loadedTerms('The mayor posted a reply. A TOTAL DISGRACE! The reckless council must go.')).toContain('disgrace');
    // In a sentence of ordinary case, a capitalised list word is part of a name.
    const named = loadedTerms('The reckless senator, who sits on the Disgraceful Conduct Review Board, slammed the radical bill.');
    expect(named).toContain('reckless');
    expect(named).not.toContain('disgraceful');
  });

  it('shows a coded term whatever the score', () => {
    const r = analyzeArticle('Officials said on Tuesday that the council approved new patrols in inner-city districts in a 5-2 vote.');
    expect(r.detected_terms.some((t) => t.is_codeword)).toBe(true);
  });
});

describe('the summary’s framing measures', () => {
  it('gives the lists’ loaded words as the examples of their count, not the tagged words shown beside them', () => {
    const r = analyzeArticle('Gun-toting vigilantes staged a photo-op outside the unhinged senator office, a disgraceful stunt by radical leftists.');
    const measures = r.analysis_summary.split('\n\n').find((p) => p.startsWith('Framing measures:'))!;
    expect(measures).toMatch(/^Framing measures: \d+ loaded words? \(/);
    expect(measures).toContain('"disgraceful"');
    expect(measures).not.toContain('"unhinged"');
  });
});
