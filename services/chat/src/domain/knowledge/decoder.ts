import type { Passage } from './types.ts';

const DECODER_PAGE = { title: 'Keisha news decoder (Bias Detection)', url: '/bias-detection' };

export const DECODER: Passage[] = [
  {
    id: 'decoder/what-it-returns',
    topic: 'decoder',
    title: 'What the news decoder gives you',
    text:
      'Keisha\'s news decoder, the Bias Detection view, reads an article you paste and returns four things: a bias score from 0 to 100; the euphemisms and coded words it found, each with an explanation; an analyst summary naming the strongest evidence; and a "Keisha translation" that restates the article in plain language with the coded terms replaced by what they mean. The score dial is green up to 25, cyan above 25, orange above 50 and red above 75. Anyone can use it without an account, three analyses a day.',
    keywords: ['decoder', 'news decoder', 'bias detection', 'bias score', 'how does the decoder work', 'analyze article', 'analyse', 'translation', 'summary', 'score colours'],
    sources: [DECODER_PAGE],
  },
  {
    id: 'decoder/codewords',
    topic: 'decoder',
    title: 'How the decoder finds codewords',
    text:
      'The decoder\'s lexicon holds 125 entries in 370 spellings. The codewords, shown with the "WF codeword" badge, come from the dog-whistle glossary of Mendelsohn, Le Bras, Choi and Sap (ACL 2023), limited to racist, white-supremacist, anti-Latino, anti-Asian, xenophobic and antisemitic-conspiracy terms, plus a few of our own such as "urban youth" and "great replacement". Context rules keep everyday uses from being flagged: "urban" counts only next to crime words, "law and order" not when it is the television show, and a city\'s name not when it opens a dateline. Every explanation is written by us and links a public source.',
    keywords: ['decoder', 'codeword', 'codewords', 'coded words', 'coded language', 'spot', 'detect', 'wf codeword', 'lexicon', 'dog whistle', 'glossary', 'how does the decoder read an article', 'context rules'],
    sources: [DECODER_PAGE, { title: 'Mendelsohn et al., From Dogwhistles to Bullhorns (ACL 2023): glossary and code', url: 'https://github.com/juliamendelsohn/dogwhistles' }],
  },
  {
    id: 'decoder/hidden-agency',
    topic: 'decoder',
    title: 'How the decoder finds hidden agency and euphemism',
    text:
      'Beyond codewords, the decoder flags language that hides who acted: passive sentences about violence near policing words with no "by" naming the actor ("shots were fired", "a man was killed"); police jargon such as "officer-involved shooting", "use of force" or "excited delirium"; words that turn an attack into mutual "clashes" or vague "unrest"; and dehumanising words such as "invasion" or "swarm" next to immigration. These are not codewords, so they carry no badge, but they shape what a reader believes happened.',
    keywords: ['decoder', 'passive voice', 'agency', 'agentless', 'euphemism', 'police jargon', 'officer-involved', 'clashes', 'unrest', 'how does the decoder read an article'],
    sources: [
      DECODER_PAGE,
      { title: 'FAIR, Copspeak: 7 ways journalists use police jargon to obscure the truth', url: 'https://fair.org/home/copspeak-7-ways-journalists-use-police-jargon-to-obscure-the-truth/' },
      { title: 'Physicians for Human Rights on "excited delirium"', url: 'https://phr.org/our-work/resources/excited-delirium' },
    ],
  },
  {
    id: 'decoder/score',
    topic: 'decoder',
    title: 'How the bias score is computed',
    text:
      'The score is a logistic model over 13 features of the text. Raising it: lexicon terms (a codeword counts fully, a euphemism or agency-hiding phrase half), loaded words (strongly subjective and negative), verbs of speech that judge the speaker ("claimed", "slammed") and pejorative labels for groups, praise words, manner adverbs, direct address ("we", "you"), labels for political camps, and hyphenated compounds. Lowering it: long sentences, sentences that attribute what they report ("said", "according to"), sentences with figures, long words, and references to time, as hard news dates its events. Its 15 numbers were chosen and fitted by cross-validation on one half of the BABE media-bias dataset (Spinde et al., 2021) and checked on the other half, where it reaches a macro F1 of about 0.70 and a ROC AUC of about 0.78. A score of 49 or more reads as biased. It measures wording, not intent: a critical quotation of a dog whistle is flagged like an endorsement of it.',
    keywords: ['decoder', 'bias score', 'score', 'how is the score calculated', 'calculate', 'calculation', 'computed', 'scoring', 'model', 'babe', 'accuracy', 'f1', 'threshold', 'features', 'logistic regression'],
    sources: [DECODER_PAGE, { title: 'Spinde et al., Neural Media Bias Detection Using Distant Supervision With BABE, Findings of EMNLP 2021', url: 'https://aclanthology.org/2021.findings-emnlp.101/' }],
  },
  {
    id: 'decoder/using-it',
    topic: 'decoder',
    title: 'Using the decoder with Keisha',
    text:
      'To decode an article, choose Bias Detection in the side panel, paste the text and run the analysis. Then bring the findings here: ask Keisha about any term, about the framing of a passage, or how the story could be written without the coded language. The decoder works offline with its own engine, and with a language model when one is configured; its notes say which one answered.',
    keywords: ['decoder', 'how to use', 'paste article', 'bias detection', 'run analysis', 'decode this article', 'article'],
    sources: [DECODER_PAGE],
  },
];
