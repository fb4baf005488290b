import { describe, expect, it } from 'vitest';
import { CARD_EXAMPLE, DEMO_EXAMPLE, firstSentence, markedPieces, quotedList, scoreBand } from './engine-examples.ts';
import { DECODER_DEMO_CAPTIONS, DEMO_SCORE, WELCOME_CAPTIONS, webVtt } from './video-captions.ts';
import demoTrack from '../media/decoder-demo.en.vtt?raw';
import welcomeTrack from '../media/welcome.en.vtt?raw';

describe('scoreBand', () => {
  it('colours like the decoder dial: above 75 red, above 50 orange, above 25 cyan, otherwise green', () => {
    expect([100, 76, 75, 51, 50, 26, 25, 0].map(scoreBand)).toEqual(['red', 'red', 'orange', 'orange', 'cyan', 'cyan', 'green', 'green']);
  });
});

describe('markedPieces', () => {
  it('cuts the text at the engine spans, so each flagged term is marked where it was found', () => {
    const pieces = markedPieces({
      text: 'in the inner-city after urban unrest.',
      terms: [
        { term: 'urban unrest', is_codeword: false, explanation: '', spans: [{ start: 24, end: 36 }] },
        { term: 'inner-city', is_codeword: true, explanation: '', spans: [{ start: 7, end: 17 }] },
      ],
    });
    expect(pieces).toEqual([
      { text: 'in the ' },
      { text: 'inner-city', term: 'inner-city' },
      { text: ' after ' },
      { text: 'urban unrest', term: 'urban unrest' },
      { text: '.' },
    ]);
  });

  it('ignores a span that overlaps one already marked or runs past the text', () => {
    const terms = [
      { term: 'a b', is_codeword: false, explanation: '', spans: [{ start: 0, end: 3 }] },
      { term: 'b', is_codeword: false, explanation: '', spans: [{ start: 2, end: 3 }, { start: 4, end: 99 }] },
    ];
    expect(markedPieces({ text: 'a b c', terms })).toEqual([{ text: 'a b', term: 'a b' }, { text: ' c' }]);
  });
});

describe('firstSentence and quotedList', () => {
  it('keep the first sentence, and quote a list in plain English', () => {
    expect(firstSentence("A word. 'Urban' used the same way is flagged.")).toBe('A word.');
    expect(firstSentence('No full stop')).toBe('No full stop');
    expect(quotedList(['a'])).toBe("'a'");
    expect(quotedList(['a', 'b', 'c'])).toBe("'a', 'b' and 'c'");
  });
});

describe('the examples the landing page shows', () => {
  it('come from the engine file: every marked span is the term it names', () => {
    for (const example of [CARD_EXAMPLE, DEMO_EXAMPLE]) {
      expect(example.terms.length).toBeGreaterThan(0);
      for (const term of example.terms) {
        for (const span of term.spans) expect(example.text.slice(span.start, span.end).toLowerCase()).toBe(term.term.toLowerCase());
      }
    }
  });

  it('the demo captions say the score and band the engine gives', () => {
    expect(DEMO_SCORE).toBe(DEMO_EXAMPLE.score);
    const said = DECODER_DEMO_CAPTIONS.map((cue) => cue.text).join(' ');
    expect(said).toContain(`${DEMO_EXAMPLE.score} out of 100, in the ${scoreBand(DEMO_EXAMPLE.score)} band`);
    for (const term of DEMO_EXAMPLE.terms) expect(said).toContain(`'${term.term}'`);
  });

  it('the committed videos were drawn from these captions (make-videos.ts writes each track with its video)', () => {
    expect(demoTrack, 'run node mf-marketing/scripts/make-videos.ts').toBe(webVtt(DECODER_DEMO_CAPTIONS));
    expect(welcomeTrack, 'run node mf-marketing/scripts/make-videos.ts').toBe(webVtt(WELCOME_CAPTIONS));
  });

  it('never calls the live chat "coming" or dated', () => {
    const said = WELCOME_CAPTIONS.map((cue) => cue.text).join(' ');
    expect(said).not.toMatch(/coming soon|opens in December/i);
  });
});
