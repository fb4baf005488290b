// Words for retrieval: lower-cased, accents removed, stop words dropped, and reduced to a rough stem
// so that "racism", "racist" and "racial", or "predicts" and "prediction", meet. The stemmer is a
// small suffix stripper of our own: it only has to be consistent, since queries and passages go
// through the same function.

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but by
  can cannot could did do does doing don't down during each few for from further had has have having he her here hers herself him
  himself his how i i'm if in into is isn't it it's its itself just let's me more most my myself no nor not now of off on once only or
  other our ours ourselves out over own same she should so some such than that that's the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which while who whom why will with would you
  your yours yourself yourselves
  please tell explain describe give know want wanted like really thing things something anything everything mean means
  question questions answer keisha hi hello hey thanks thank ok okay
  doesn't didn't can't won't wasn't weren't shouldn't wouldn't couldn't haven't hasn't hadn't i've i'd i'll you're you've
  we're we've they're they've there's here's who's what's how's where's
  detail details detailed briefly brief simply simple example examples
  done never instead think say says saying without across whole less actually still even much many lot lots kind sort get gets got getting whether either
  already always often ever every`.split(/\s+/),
);

/** Whether retrieval ignores the word (lower case, as words() gives it). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Words the suffix rules would damage. */
const KEEP = new Set(['news', 'bias', 'analysis', 'basis', 'status', 'gas', 'us', 'series', 'species', 'ai', 'ais']);

/** Irregular forms the rules cannot reach. */
const IRREGULAR: Record<string, string> = {
  accuracy: 'accur',
  inaccuracy: 'inaccur',
  women: 'woman',
  men: 'man',
  biases: 'bias',
  biased: 'bias',
  ais: 'ai',
  recognise: 'recogn',
  recognize: 'recogn',
  recognition: 'recogn',
  recognised: 'recogn',
  recognized: 'recogn',
  colour: 'color',
  colours: 'color',
  colourblind: 'colorblind',
  organise: 'organ',
  organize: 'organ',
  organising: 'organ',
  organizing: 'organ',
  organisation: 'organ',
  organization: 'organ',
  organisations: 'organ',
  organizations: 'organ',
  labour: 'labor',
};

// Longest first; `to` replaces the suffix. Each rule applies only when at least 3 letters remain.
const SUFFIXES: Array<[string, string]> = [
  ['izations', ''],
  ['isations', ''],
  ['ization', ''],
  ['isation', ''],
  ['ational', ''],
  ['fulness', ''],
  ['iveness', ''],
  ['ousness', ''],
  ['ations', ''],
  ['izing', ''],
  ['ising', ''],
  ['izes', ''],
  ['ises', ''],
  ['ized', ''],
  ['ised', ''],
  ['ation', ''],
  ['atory', ''],
  ['ements', ''],
  ['ement', ''],
  ['ments', ''],
  ['ment', ''],
  ['ities', ''],
  ['ity', ''],
  ['nesses', ''],
  ['ness', ''],
  ['ically', ''],
  ['ical', ''],
  ['ially', ''],
  ['ial', ''],
  ['ions', ''],
  ['ion', ''],
  ['ists', ''],
  ['isms', ''],
  ['ist', ''],
  ['ism', ''],
  ['icians', ''],
  ['ician', ''],
  ['ating', ''],
  ['ated', ''],
  ['ates', ''],
  ['ings', ''],
  ['ing', ''],
  ['edly', ''],
  ['ed', ''],
  ['ies', 'y'],
  ['acy', 'ac'],
  ['ate', ''],
  ['ize', ''],
  ['ise', ''],
  ['ives', ''],
  ['ive', ''],
  ['ers', ''],
  ['er', ''],
  ['ly', ''],
  ['ic', ''],
  ['al', ''],
  ['s', ''],
  ['e', ''],
];

function stripOnce(word: string): string {
  for (const [suffix, to] of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (stem.length < 3) continue;
    // A plural 's' only: not "class", "virus", "crisis", "bias".
    if (suffix === 's' && /(ss|us|is|as)$/.test(word)) continue;
    return stem + to;
  }
  return word;
}

/** A rough stem: irregular forms, then up to three suffixes stripped, then a doubled final consonant made single. */
export function stem(word: string): string {
  if (KEEP.has(word)) return IRREGULAR[word] ?? word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  let current = word;
  for (let i = 0; i < 3; i++) {
    const next = stripOnce(current);
    if (next === current) break;
    current = next;
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(current) && current.length > 3) current = current.slice(0, -1);
  return current;
}

/** The lower-cased words of a text, accents removed; apostrophes stay inside words ("don't"). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
  );
}

/**
 * Retrieval terms: words without stop words, stemmed. Possessive 's is dropped. A word in `names` (see
 * nameWords in names.ts) is kept whole: stemming would make "France" meet "Frances" (Cress Welsing).
 */
export function terms(text: string, names?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const raw of words(text)) {
    if (STOP_WORDS.has(raw)) continue;
    const word = raw.replace(/'s$/, '').replace(/'/g, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    out.push(names?.has(word) ? word : stem(word));
  }
  return out;
}
