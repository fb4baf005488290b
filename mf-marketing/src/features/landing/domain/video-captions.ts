// What the landing page's two silent videos show, as timed captions. The same cues are burned into the
// WebVTT tracks (scripts/make-videos.ts) and listed as the transcript under each video, so a person who cannot
// see the video, or whose browser shows no captions, gets the same content.
import { DEMO_EXAMPLE, firstSentence, quotedList, scoreBand } from './engine-examples.ts';

export interface CaptionCue {
  /** Seconds from the start. */
  start: number;
  end: number;
  text: string;
}

/** The demo's article and what the engine answers for it (engine-examples.json, checked against the engine). */
export const DEMO_ARTICLE = DEMO_EXAMPLE.text;

export const DEMO_TRANSLATION = DEMO_EXAMPLE.translation;

export const DEMO_SCORE = DEMO_EXAMPLE.score;

export const DEMO_TERMS = DEMO_EXAMPLE.terms.map((t) => ({ term: t.term, codeword: t.is_codeword, explanation: firstSentence(t.explanation) }));

export const DECODER_DEMO_CAPTIONS: CaptionCue[] = [
  { start: 0, end: 5, text: "A news article is pasted into the decoder's Article Content panel." },
  { start: 5, end: 9, text: 'Run Analysis: Keisha reads the whole article, not a keyword list.' },
  { start: 9, end: 11.5, text: `The bias score comes back: ${DEMO_SCORE} out of 100, in the ${scoreBand(DEMO_SCORE)} band.` },
  { start: 11.5, end: 17, text: `Detected euphemisms: ${quotedList(DEMO_TERMS.map((t) => t.term))}, each with an explanation.` },
  { start: 17, end: 24, text: 'The Keisha Translation says plainly what the original implied.' },
];

export const WELCOME_CAPTIONS: CaptionCue[] = [
  { start: 0, end: 4, text: 'Welcome to Keisha: AI ethics and bias detection with a counter-racist framing.' },
  { start: 4, end: 8, text: "Bias rarely announces itself. It hides in word choice: who is called 'troubled' and who is called a 'thug'." },
  { start: 8, end: 12, text: 'The News Decoder scores an article from 0 to 100 and explains every coded phrase it finds.' },
  { start: 12, end: 16, text: 'Keisha, the chat assistant, answers as a counter-racist scholar: ten questions a day free with an account.' },
  { start: 16, end: 20, text: 'Start free today: three analyses a day, no account needed.' },
];

function timestamp(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${(seconds - minutes * 60).toFixed(3).padStart(6, '0')}`;
}

/** The WebVTT caption track of a video: written by scripts/make-videos.ts beside the video it drew. */
export function webVtt(captions: CaptionCue[]): string {
  const cues = captions.map((cue, index) => `${index + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}
