// What the landing page's two silent videos show, as timed captions. The same cues are burned into the
// WebVTT tracks (scripts/make-videos.ts) and listed as the transcript under each video, so a person who cannot
// see the video, or whose browser shows no captions, gets the same content.

export interface CaptionCue {
  /** Seconds from the start. */
  start: number;
  end: number;
  text: string;
}

export const DEMO_ARTICLE =
  'City officials approved a plan on Tuesday to increase police patrols in inner-city neighborhoods after weeks of urban unrest. Supporters called it tough on crime, while residents of the quiet suburbs said they finally felt heard.';

export const DEMO_TRANSLATION =
  'The city will send more police into Black and brown neighborhoods after weeks of protest. Supporters used a slogan long tied to harsher policing of Black communities, while mostly white suburbs were described as quiet and reasonable.';

export const DEMO_SCORE = 68;

export const DEMO_TERMS = [
  { term: 'inner-city', codeword: true, explanation: 'A place word that stands in for Black and brown neighborhoods without naming race.' },
  { term: 'urban unrest', codeword: false, explanation: 'Frames protest or hardship as disorder, and the people involved as a threat.' },
  { term: 'tough on crime', codeword: true, explanation: 'A campaign slogan with a long history of signalling harsher policing of Black communities.' },
];

export const DECODER_DEMO_CAPTIONS: CaptionCue[] = [
  { start: 0, end: 5, text: "A news article is pasted into the decoder's Article Content panel." },
  { start: 5, end: 9, text: 'Run Analysis: Keisha reads the whole article, not a keyword list.' },
  { start: 9, end: 11.5, text: `The bias score comes back: ${DEMO_SCORE} out of 100, in the orange band.` },
  { start: 11.5, end: 17, text: "Detected euphemisms: 'inner-city', 'urban unrest' and 'tough on crime', each with an explanation." },
  { start: 17, end: 24, text: 'The Keisha Translation says plainly what the original implied.' },
];

export const WELCOME_CAPTIONS: CaptionCue[] = [
  { start: 0, end: 4, text: 'Welcome to Keisha: AI ethics and bias detection with a counter-racist framing.' },
  { start: 4, end: 8, text: "Bias rarely announces itself. It hides in word choice: who is called 'troubled' and who is called a 'thug'." },
  { start: 8, end: 12, text: 'The News Decoder scores an article from 0 to 100 and explains every coded phrase it finds.' },
  { start: 12, end: 16, text: 'Keisha, the chat assistant, answers as a counter-racist scholar. The full platform opens in December.' },
  { start: 16, end: 20, text: 'Start free today: three analyses a day, no account needed.' },
];
