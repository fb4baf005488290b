import type { Passage } from './types.ts';

export const COUNTER_RACIST_STRATEGIES: Passage[] = [
  {
    id: 'strategies/precise-language',
    topic: 'strategies',
    title: 'Name it precisely',
    text:
      'Counter-racist work starts with exact language. Say "police shot a man", not "an officer-involved shooting"; say "racism", not "racial tension"; name who decided, who gained and who was harmed. Neely Fuller Jr. urged people to speak about racism, white supremacy, with precision, so that the system cannot hide behind vague words. Keisha\'s news decoder applies exactly this: it flags euphemisms and sentences that hide who acted, and says what they hide.',
    keywords: ['counter-racist strategies', 'counter racist', 'strategies', 'daily life', 'everyday life', 'language', 'words', 'euphemism', 'what can i do', 'how to fight racism', 'speech'],
    sources: [
      { title: 'Columbia Journalism Review on "officer-involved shooting"', url: 'https://cjr.org/analysis/officer-involved-shooting.php' },
      { title: 'Neely Fuller Jr. (overview of his life and work)', url: 'https://en.wikipedia.org/wiki/Neely_Fuller_Jr.' },
    ],
  },
  {
    id: 'strategies/outcomes-first',
    topic: 'strategies',
    title: 'Ask for the numbers: outcomes over intentions',
    text:
      'Judge policies and systems by their outcomes by race, not by what their authors say they meant. Ask who is stopped, hired, housed, lent to, flagged and approved, and at what rates. Where the data does not exist, asking for it is already an intervention. Kendi\'s test (does this produce or sustain racial inequity?) and Camara Jones\' question (what is the institutional cause?) both turn an argument about feelings into a plan for change.',
    keywords: ['counter-racist strategies', 'strategies', 'data', 'outcomes', 'policy change', 'accountability', 'what can i do', 'institutions'],
    sources: [
      { title: 'Kendi, How to Be an Antiracist (2019), overview', url: 'https://en.wikipedia.org/wiki/How_to_Be_an_Antiracist' },
      { title: "Jones, Levels of racism: a theoretic framework and a gardener's tale (2000)", url: 'https://ajph.aphapublications.org/doi/10.2105/AJPH.90.8.1212' },
    ],
  },
  {
    id: 'strategies/bystander',
    topic: 'strategies',
    title: 'When you witness racist harassment: the 5Ds',
    text:
      'The nonprofit Right To Be teaches five safe ways to act when you witness harassment. Distract: interrupt the situation indirectly. Delegate: get help from someone with authority. Document: record from a safe distance, and give the recording to the person harmed, never post it without them. Delay: check in with the person afterwards. Direct: speak up briefly, if it is safe. The person harmed comes first; their safety and their wishes guide what you do.',
    keywords: ['bystander', 'intervention', 'harassment', 'witness', 'street', 'public', '5ds', 'five ds', 'right to be', 'hollaback', 'what can i do'],
    sources: [{ title: 'Right To Be, bystander intervention training (the 5Ds)', url: 'https://righttobe.org/guides/bystander-intervention-training/' }],
  },
  {
    id: 'strategies/organise',
    topic: 'strategies',
    title: 'Organise: coalitions change systems',
    text:
      'Collective action changes systems where single complaints are easy to dismiss. Organising by residents and civil-rights groups led San Francisco in 2019 to become the first major U.S. city to ban its agencies from using face recognition, and other cities followed. Groups such as the Algorithmic Justice League, founded by Joy Buolamwini, and Data for Black Lives combine research, storytelling and organising to challenge harmful technology. Join or support one; a coalition with evidence is hard to ignore.',
    keywords: ['counter-racist strategies', 'organizing', 'organising', 'activism', 'coalition', 'community', 'ban', 'san francisco', 'push back', 'resist', 'surveillance', 'police technology', 'algorithmic justice league', 'data for black lives', 'advocacy', 'groups', 'organisations', 'organizations', 'nonprofits', 'fighting', 'who is fighting racism'],
    sources: [
      { title: 'Algorithmic Justice League', url: 'https://www.ajl.org/' },
      { title: 'Data for Black Lives', url: 'https://d4bl.org/' },
      { title: 'San Francisco bans facial recognition technology, The New York Times (2019)', url: 'https://www.nytimes.com/2019/05/14/us/facial-recognition-ban-san-francisco.html' },
    ],
  },
  {
    id: 'strategies/workplace',
    topic: 'strategies',
    title: 'Counter-racist practice at work',
    text:
      'Inside an organisation: collect and publish outcome data by race for hiring, pay, promotion and departures; use structured interviews with criteria set before reviewing anyone; hide names and photos in early screening where you can; give affected staff real power over decisions, not only listening sessions; and tie leaders\' goals to measured change. Training alone rarely changes outcomes. Frank Dobbin and Alexandra Kalev found that mandatory diversity training often fails or backfires, while structural measures, such as mentoring and accountable task forces, do better.',
    keywords: ['counter-racist strategies', 'workplace', 'work', 'racism at work', 'employer', 'hiring', 'diversity', 'dei', 'training', 'hr', 'promotion', 'pay'],
    sources: [{ title: 'Dobbin & Kalev, Why Diversity Programs Fail, Harvard Business Review (2016)', url: 'https://hbr.org/2016/07/why-diversity-programs-fail' }],
  },
  {
    id: 'strategies/repair',
    topic: 'strategies',
    title: 'Repair, not only prevention: reparations',
    text:
      'Stopping a harm is not the same as repairing it. In 2019 Evanston, Illinois, committed the first $10 million of its tax on cannabis sales to reparations, and since 2021 its Restorative Housing Program has offered grants of up to $25,000 for home purchase or repair to Black residents, and their descendants, harmed by the city\'s housing discrimination between 1919 and 1969. Nationally, the H.R. 40 bill proposes a commission to study reparation proposals for African Americans. In technology, repair can mean compensating people a system harmed, correcting the records it produced and retiring it.',
    keywords: ['reparations', 'repair', 'evanston', 'hr 40', 'h.r. 40', 'justice', 'compensation', 'restorative'],
    sources: [
      { title: 'Evanston RoundTable, the city\'s reparations housing program (2020)', url: 'https://evanstonroundtable.com/2020/12/18/council-discusses-home-ownership-and-improvements-as-first-focus-of-citys-reparations-program-for-black-residents/' },
      { title: 'H.R. 40, Commission to Study and Develop Reparation Proposals for African Americans Act', url: 'https://www.congress.gov/bill/117th-congress/house-bill/40' },
    ],
  },
  {
    id: 'strategies/read-the-news',
    topic: 'strategies',
    title: 'Read the news like a decoder',
    text:
      'Ask of every story: who is quoted, and who is only described? Are police statements reported as fact and residents\' accounts as claims? Is violence by authorities written in the passive ("shots were fired") and violence by others in the active voice? Are coded words ("urban", "thug", "illegal") doing racial work? Which numbers are missing? Then write to the editor with a specific correction; newsrooms have changed their style rules, for example on "officer-involved", after readers and journalists pushed.',
    keywords: ['counter-racist strategies', 'media literacy', 'news', 'news coverage', 'media bias', 'biased reporting', 'spot bias', 'crime reporting', 'journalism', 'reading', 'media', 'framing', 'police language', 'copspeak'],
    sources: [
      { title: 'FAIR, Copspeak: 7 ways journalists use police jargon to obscure the truth', url: 'https://fair.org/home/copspeak-7-ways-journalists-use-police-jargon-to-obscure-the-truth/' },
      { title: 'Columbia Journalism Review on "officer-involved shooting"', url: 'https://cjr.org/analysis/officer-involved-shooting.php' },
    ],
  },
  {
    id: 'strategies/experiencing-discrimination',
    topic: 'strategies',
    title: 'If you experience discrimination',
    text:
      'What happened to you matters, and it is not your fault. Write it down while it is fresh: the date, the place, who was there, what was said and done, and any messages or documents. Keep copies outside work systems. Talk to people you trust, and to a union, an advocacy group or a lawyer about your options. Deadlines can be short: in the United States, a charge of job discrimination must usually be filed with the EEOC within 180 calendar days, or 300 days where a state or local agency enforces a similar law. Protecting your own health is part of the work.',
    keywords: ['discrimination', 'experience', 'happened to me', 'workplace discrimination', 'boss', 'manager', 'treated differently', 'unfair treatment', 'what should i do', 'eeoc', 'complaint', 'report', 'legal', 'rights', 'support', 'help'],
    sources: [{ title: 'U.S. EEOC, Time Limits for Filing a Charge', url: 'https://www.eeoc.gov/time-limits-filing-charge' }],
  },
  {
    id: 'strategies/builders',
    topic: 'strategies',
    title: 'Counter-racist practice for people who build AI',
    text:
      'For builders: ask first whether the system should exist and who asked for it; bring in the people it will judge from the start; choose targets that measure need rather than past spending or policing; test by race and by intersecting groups before launch and after; make decisions contestable; write down known limits; and be willing not to ship. The record of Gender Shades and the audits that followed shows that naming failures publicly, with evidence, is what moves companies.',
    keywords: ['counter-racist strategies', 'developers', 'engineers', 'builders', 'data scientists', 'product', 'design', 'how to build fair ai', 'responsible ai'],
    sources: [
      { title: 'Raji & Buolamwini, Actionable Auditing, AIES 2019', url: 'https://dl.acm.org/doi/10.1145/3306618.3314244' },
      { title: 'Obermeyer et al., Science (2019)', url: 'https://www.science.org/doi/10.1126/science.aax2342' },
    ],
  },
];
