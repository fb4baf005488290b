// What the offline library is about, as patterns over a question's words (lower case, accents removed, punctuation
// and hyphens read as spaces: "Anti-racist" is "anti racist"). The offline responder answers only a question inside
// this scope; anything else gets the honest "I have no notes on that". Written from the passages of this folder (their
// topics, scholars, works, cases, laws and the product's own words), not from the questions of the evaluation.
//
// Every pattern is linear in the question's length (a message may have 20,000 characters): no unbounded gap
// between two words (a test feeds hostile questions).
//
// Two strengths:
// - TOPIC: one is enough. Words that, in a question, mean the library's subject: racism and its kin, bias,
//   discrimination, the scholars and works the passages cite, the cases they tell, and the product.
// - CONTEXT: two different ones are needed. Words that are the library's subject only in company: "police", "AI",
//   "hiring", "Black" or "race" alone ask about the Lakers, a laptop, a job, a coffee or Monaco as often as about
//   racism; "race" and "kidney", or "AI" and "prejudiced", do not.

/** One is enough to put a question in scope. */
export const TOPIC: readonly RegExp[] = [
  // Racism and its kin.
  /\b(anti |counter )?racis[mt]s?\b/,
  /\bantiracis[mt]s?\b/,
  /\bracial(ly|i[sz]ed|i[sz]ation)?\b/,
  /\bbias(es|ed)?\b/,
  /\bunbiased\b/,
  /\bdiscriminat\w*/,
  /\bsupremac(y|ist|ists)\b/,
  /\bsegregat\w*/,
  /\bredlin\w*/,
  /\bstereotyp\w*/,
  /\bbigot\w*/,
  /\bxenophob\w*/,
  /\bantisemit\w*/,
  /\bislamophob\w*/,
  /\bmicroaggressions?\b/,
  /\bhate (speech|crimes?|groups?)\b/,
  /\bslurs?\b/,
  /\bdog ?whistl\w*/,
  /\bcoded (language|words?|terms?|appeals?|phrases?)\b/,
  /\bcode ?words?\b/,
  /\bjim (crow|code)\b/,
  /\bcivil rights\b/,
  /\bslavery\b|\benslave\w*/,
  /\bcoloniali[sz]\w*/,
  /\breparations?\b/,
  /\bintersectional\w*/,
  /\bwhite (fragility|privilege|flight|nationalis[mt]s?)\b/,
  /\bcolou?r ?blind (racism|ideology|society|policies|policy)\b/,
  /\b(not|never|dont|don t) see colou?r\b/,
  /\bpeople of colou?r\b|\bb?ipoc\b/,
  /\b(black|white|latin[ox]|latinx|hispanic|asian|african american|indigenous|native american|brown) (people|persons?|men|man|women|woman|girls?|boys?|americans?|communit(y|ies)|neighbou?rhoods?|famil(y|ies)|households?|patients?|defendants?|borrowers?|speakers?|residents?|voters?|students?|workers?|employees?|applicants?|candidates?|children|kids|folks?|faces?|drivers?|users?|sounding)\b/,
  /\bdark(er)? skinned\b|\b(darker|lighter) (women|men|people|faces?|individuals|subjects)\b/,
  /\b(african american|black) english\b|\baave\b|\bebonics\b/,
  /\bmass incarceration\b/,
  /\bpredictive policing\b/,
  /\bpolice (brutality|violence|killings?|shootings?)\b/,
  /\bprofiling\b/,
  /\bwealth gap\b/,
  /\bfairness\b/,
  /\b(ai|algorithmic|data|tech|technology) (ethics|harms?|accountability|justice)\b/,
  /\bresponsible ai\b/,
  /\bai (risks?|governance|audits?|auditing|regulations?|polic(y|ies)|laws?|compliance|harms?)\b/,
  /\bbecause (of )?(i m|i am|im|my|of my|their|his|her|they re|they are|he is|she is|being) (black|brown|latin[ox]|latinx|hispanic|asian|african american|indigenous|race|ethnicity|skin)\b/,
  /\b(diversity|dei) (training|programs?|programmes?|initiatives?)\b|\bdiversity (and|&) inclusion\b|\bdei\b/,
  /\boppress\w*/,
  /\bface (recognition|detection|matching|analysis)\b|\bfacial (recognition|analysis)\b/,
  /\bcoalitions?\b|\bactivis[mt]s?\b|\bgrassroots\b/,
  /\bmarginali[sz]ed\b/,
  /\bminorit(y|ies)\b/,
  // Scholars, works and groups the library cites.
  /\bwelsing\b|\bisis papers\b/,
  /\bneely fuller\b|\bfuller jr\b|\bnine areas\b|\bpeople activity\b|\bcompensatory code\b/,
  /\bcharles (w )?mills\b|\bracial contract\b/,
  /\bbonilla silva\b|\bracism without racists\b/,
  /\bcamara (phyllis )?jones\b|\bgardener s tale\b/,
  /\bcrenshaw\b/,
  /\bmichelle alexander\b/,
  /\bdiangelo\b/,
  /\bkendi\b/,
  /\bhaney lopez\b/,
  /\brothstein\b|\bcolor of law\b|\bmapping inequality\b/,
  /\bbuolamwini\b|\bgebru\b|\bgender shades\b|\bdeborah raji\b|\binioluwa\b|\balgorithmic justice league\b|\bdata for black lives\b/,
  /\bruha benjamin\b|\brace after technology\b/,
  /\bsafiya\b|\balgorithms of oppression\b|\blatanya sweeney\b/,
  /\bstochastic parrots\b|\bemily bender\b/,
  /\bobermeyer\b|\bkoenecke\b|\bsjoding\b|\bcostanza chock\b|\bdesign justice\b/,
  // Cases, laws and practices the library tells.
  /\bkairos\b|\brekognition\b|\bactionable auditing\b/,
  /\babolitionist (tools?|technolog\w*)\b/,
  /\bfrvt\b|\bface recognition vendor test\b|\bdemographic (differentials?|effects?)\b|\bmugshots?\b/,
  /\bcare management\b|\bcost as a (proxy|stand in)\b/,
  /\bcrime (prediction|forecast\w*)\b|\bpredict(s|ing)? crime\b|\bforecast(s|ing)? crime\b|\bhot ?spot policing\b/,
  /\bword error rates?\b/,
  /\bgorillas?\b[\s\S]{0,120}?\b(google|photos?|label\w*|words?|tag\w*)\b|\b(google|photos?|label\w*|words?|tag\w*)\b[\s\S]{0,120}?\bgorillas?\b/,
  /\bfairness through unawareness\b|\b(black|white) sounding\b/,
  /\bepistemology of ignorance\b/,
  /\babstract liberalism\b|\bcultural racism\b/,
  /\bholc\b|\bhome owners loan corporation\b|\bfederal housing administration\b/,
  /\bwar on drugs\b|\bfelon(y)? disenfranchise\w*/,
  /\bdisaggregat\w*|\bsubgroups?\b/,
  /\bai incident database\b|\bmedia literacy\b/,
  /\b(by|of|about|because of|based on|on the basis of) race\b|\brace (and|or) (gender|ethnicity|sex|class)\b|\b(gender|ethnicity|sex|class) (and|or) race\b|\brace based\b|\b(adjust\w*|correct\w*|control\w*|account\w*) for race\b/,
  /\bcompas\b|\bpropublica\b|\bnorthpointe\b|\brecidivism\b/,
  /\bpredpol\b/,
  /\brobert williams\b|\bporcha woodruff\b/,
  /\bgoogle photos\b/,
  /\bpulse ox\w*|\boximet\w*|\brace (correction|coefficient|based)\b/,
  /\blocal law 144\b|\baedt\b|\bautomated employment decision\b/,
  /\b(eu )?ai act\b/,
  /\bai rmf\b|\bai risk management\b|\bnist ai\b/,
  /\bmodel cards?\b|\bdatasheets? for datasets\b|\bsmactr\b|\biso (iec )?42001\b/,
  /\bfour fifths\b|\b80 percent rule\b|\b(adverse|disparate) (impact|treatment)\b|\bdemographic parity\b|\bequali[sz]ed odds\b/,
  /\brite aid\b/,
  /\bright to be\b|\b5 ?ds\b|\bfive ds\b|\bbystander\w*/,
  /\bevanston\b|\bh r 40\b|\bhr 40\b/,
  /\bwelfare queens?\b|\binner city\b|\bthugs?\b|\billegals\b|\burban youth\b|\bgreat replacement\b/,
  /\bofficer involved\b|\bexcited delirium\b|\bcopspeak\b/,
  /\bshots (were )?fired\b|\bpassive voice\b|\bhidden agency\b|\bagentless\b|\bwho (shot|acted|fired)\b/,
  // The product.
  /\bkeisha\b/,
  /\bdecoder\b|\bbias detection\b/,
  /\boffline mode\b|\byour (answers?|replies|responses|notes|library|sources)\b/,
  /\b(free|starter|pro|gold) (plan|account|tier)\b|\bhow many messages\b|\bmessages? (a|per) day\b|\bmessage limits?\b|\bdaily limit\b/,
];

/** Two different ones put a question in scope. */
export const CONTEXT: readonly RegExp[] = [
  /\brace\b|\braces\b/,
  /\b(black|white|latin[ox]|latinx|hispanic|asian|african|indigenous)\b/,
  /\bethnic\w*/,
  /\bprejudice[ds]?\b/,
  /\bimmigra\w*|\bmigrants?\b/,
  /\bcolou?r ?blind\w*/,
  /\beuphemisms?\b/,
  /\bdiversity\b|\binclusi(on|ve)\b|\bequality\b|\binequalit(y|ies)\b|\bprivilege\b|\binjustice\b/,
  /\bharass\w*/,
  /\bhate\b/,
  /\bdark(er)? skin\b|\bskin (tone|colou?r)\b/,
  /\bethic(s|al)?\b|\bfair\b|\bunfair\w*/,
  /\bai\b|\bartificial intelligence\b|\balgorithm\w*|\bmachine learning\b|\bautomated\b|\bsoftware\b|\btech\b|\btechnology\b/,
  /\bchatgpt\b|\bchat ?bots?\b|\bllms?\b|\blanguage models?\b|\bgenerative\b|\bimage generators?\b|\bmidjourney\b|\bstable diffusion\b|\bdall e\b/,
  /\bspeech recognition\b|\bvoice assistants?\b|\bsiri\b|\balexa\b/,
  /\bsearch engines?\b/,
  /\bpolic(e|ing)\b|\bcops?\b|\bofficers?\b|\bsurveillance\b/,
  /\barrest\w*|\bjail\w*|\bprison\w*|\bincarcerat\w*|\bconvict\w*/,
  /\bbail\b|\bsentenc\w*|\bdefendants?\b|\bcourts?\b|\bjudges?\b/,
  /\bcrimes?\b|\bcriminal\w*/,
  /\bhiring\b|\brecruit\w*|\bjob applicants?\b|\bapplicants?\b|\bresumes?\b|\bpromotions?\b|\bemployers?\b|\bscreening\b/,
  /\blend\w*|\bloans?\b|\bmortgages?\b|\binterest rates?\b|\bborrowers?\b/,
  /\bhousing\b|\bneighbou?rhoods?\b/,
  /\bwealth\b/,
  /\bhospitals?\b|\bpatients?\b|\bkidney\b|\bhealthcare\b|\bhealth care\b|\bclinical\b|\bmedical\b|\bmedicine\b/,
  /\bnews\b|\bmedia\b|\bjournalis\w*|\breporters?\b|\bcoverage\b|\bheadlines?\b/,
  /\bpolitic\w*/,
  /\bsystemic\b|\bstructural\b|\binstitutional\b|\binternali[sz]ed\b/,
  /\baudits?\b|\bauditing\b/,
  /\bregulat\w*|\blaws?\b|\blegal\b|\bcompliance\b|\bftc\b|\beeoc\b/,
  /\bvendors?\b|\bgovernance\b|\baccountab\w*|\btransparen\w*/,
  /\brisk scores?\b|\brisk assessments?\b/,
  /\bdataset\w*|\btraining data\b|\bweb scraped\b/,
  /\bfeedback loops?\b|\bproxy\b|\bproxies\b/,
  /\bfalse (positives?|negatives?|matches?)\b|\berror rates?\b/,
  /\bwrongful\w*|\bwrongly (arrested|accused|convicted|flagged)\b/,
  /\bdialects?\b|\bzip codes?\b|\bcallbacks?\b|\bfintech\b/,
  /\bdemographic\w*/,
  /\bviolence\b|\bunrest\b|\briots?\b/,
  /\borgani[sz]\w*|\badvoca\w*|\bprotest\w*/,
  /\bcommunit(y|ies)\b/,
  /\bunequal\w*|\bdisparit\w*|\btreat(s|ed)? (me |us |them |him |her )?differently\b/,
  /\brisks?\b/,
];

/** A question's words as the patterns read them. */
export function scopeText(question: string): string {
  return question
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019']/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface ScopeSignals {
  /** How many TOPIC patterns the question matches. */
  topic: number;
  /** How many different CONTEXT patterns it matches. */
  context: number;
}

export function scopeSignals(question: string): ScopeSignals {
  const text = scopeText(question);
  return { topic: TOPIC.filter((p) => p.test(text)).length, context: CONTEXT.filter((p) => p.test(text)).length };
}

/** Whether the library speaks to the question: one topic word, or two different context words. */
export function inScope(question: string): boolean {
  const { topic, context } = scopeSignals(question);
  return topic > 0 || context >= 2;
}
