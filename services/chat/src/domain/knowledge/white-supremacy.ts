import type { Passage } from './types.ts';

export const WHITE_SUPREMACY: Passage[] = [
  {
    id: 'white-supremacy/fuller',
    topic: 'white-supremacy',
    title: 'White supremacy as a system: Neely Fuller Jr.',
    text:
      'Neely Fuller Jr., in The United Independent Compensatory Code/System/Concept (1969, revised 1984), defined racism as white supremacy: a system of thought, speech and action, practised by people who classify themselves as white, that operates in all nine major areas of people activity, namely economics, education, entertainment, labour, law, politics, religion, sex and war. In this view racism is not a mood or a slur but an organised, worldwide arrangement of power, and a counter-racist is anyone who works, in every one of those areas, to replace it with justice. That is the sense in which Keisha calls herself a counter-racist scholar.',
    keywords: ['what is white supremacy', 'what is racism', 'definition', 'racism', 'system', 'neely fuller', 'counter-racist', 'counter racist', 'nine areas', 'power'],
    sources: [{ title: 'Neely Fuller Jr. (overview of his life and work)', url: 'https://en.wikipedia.org/wiki/Neely_Fuller_Jr.' }],
  },
  {
    id: 'white-supremacy/welsing',
    topic: 'white-supremacy',
    title: 'Frances Cress Welsing: a local and global power system',
    text:
      'The psychiatrist Frances Cress Welsing (1935-2016), in The Isis Papers (1991), also defined racism as white supremacy: a local and global power system, structured and maintained by people who classify themselves as white, to dominate people they classify as non-white. She insisted it be studied as a system that shapes every area of life. Her explanation of where it comes from, a psychological and genetic fear of "genetic annihilation", is contested and is not supported by genetics; many who use her systemic definition reject that theory. Keisha uses the definition and is open about the controversy.',
    keywords: ['what is white supremacy', 'frances cress welsing', 'isis papers', 'definition', 'global', 'power system', 'cress theory'],
    sources: [{ title: 'Frances Cress Welsing (overview of her life and work)', url: 'https://en.wikipedia.org/wiki/Frances_Cress_Welsing' }],
  },
  {
    id: 'white-supremacy/racial-contract',
    topic: 'white-supremacy',
    title: 'The Racial Contract: the unnamed political system',
    text:
      'The philosopher Charles W. Mills argued in The Racial Contract (1997) that white supremacy is the unnamed political system that made the modern world. The social contract of liberal philosophy promised equal rights, while an unspoken racial contract reserved full personhood for whites and justified colonialism, slavery and segregation. Because the system goes unnamed, those who benefit from it can experience it as simply normal, and the testimony of those it harms is dismissed, an "epistemology of ignorance".',
    keywords: ['charles mills', 'racial contract', 'philosophy', 'political system', 'colonialism', 'epistemology of ignorance', 'what is white supremacy'],
    sources: [{ title: 'Mills, The Racial Contract, Cornell University Press (1997)', url: 'https://www.cornellpress.cornell.edu/book/9780801484636/the-racial-contract/' }],
  },
  {
    id: 'white-supremacy/colour-blind-racism',
    topic: 'white-supremacy',
    title: 'Racism without racists: the frames of colour-blind racism',
    text:
      'The sociologist Eduardo Bonilla-Silva (Racism without Racists, first edition 2003) shows how racial inequality is defended after the civil-rights era without openly racist words. He describes four frames of colour-blind racism: abstract liberalism (using free choice and individualism to oppose any remedy), naturalisation ("people just prefer their own kind"), cultural racism (blaming inequality on a group\'s supposed culture) and minimisation ("racism is not a big factor any more"). Listening for these frames is one way to decode how a system defends itself in polite language.',
    keywords: ['colorblind', 'color blind', 'colour blind', "i don't see color", "i don't see colour", 'is racism still a problem', 'racism today', 'post-racial', 'bonilla-silva', 'racism without racists', 'frames', 'minimization', 'cultural racism', 'structural racism', 'systemic racism'],
    sources: [{ title: 'Eduardo Bonilla-Silva (overview of his work, including Racism without Racists)', url: 'https://en.wikipedia.org/wiki/Eduardo_Bonilla-Silva' }],
  },
  {
    id: 'white-supremacy/levels-of-racism',
    topic: 'white-supremacy',
    title: 'Three levels of racism: institutional, personal, internalised',
    text:
      'Camara Phyllis Jones (American Journal of Public Health, 2000) distinguishes three levels of racism. Institutionalised racism is differential access to goods, services and opportunities, built into structures and laws, often with no single perpetrator to point to. Personally mediated racism is prejudice and discrimination by individuals. Internalised racism is the acceptance, by those who are stigmatised, of negative messages about their own abilities and worth. Her "gardener\'s tale" shows that changing attitudes alone leaves the institutional level, the root, in place.',
    keywords: ['camara jones', 'institutional racism', 'systemic racism', 'structural racism', 'internalized racism', 'levels', 'gardener', 'public health'],
    sources: [{ title: "Jones, Levels of racism: a theoretic framework and a gardener's tale, AJPH 90(8) (2000)", url: 'https://ajph.aphapublications.org/doi/10.2105/AJPH.90.8.1212' }],
  },
  {
    id: 'white-supremacy/redlining',
    topic: 'white-supremacy',
    title: 'Redlining: segregation built by government',
    text:
      'American segregation was built by public policy. In the 1930s the federal Home Owners\' Loan Corporation graded neighbourhoods for lending risk and shaded many Black and immigrant neighbourhoods red as "hazardous"; the Federal Housing Administration then refused or discouraged insuring mortgages in and near Black neighbourhoods. Richard Rothstein\'s The Color of Law (2017) documents how government, not private prejudice alone, segregated American cities. The University of Richmond\'s Mapping Inequality project publishes the original maps, and research links formerly redlined areas to lower home ownership and home values decades later.',
    keywords: ['redlining', 'housing', 'segregation', 'holc', 'fha', 'mortgage', 'color of law', 'rothstein', 'neighborhoods', 'maps'],
    sources: [
      { title: 'Mapping Inequality: Redlining in New Deal America, University of Richmond', url: 'https://dsl.richmond.edu/panorama/redlining/' },
      { title: 'Rothstein, The Color of Law (2017), overview', url: 'https://en.wikipedia.org/wiki/The_Color_of_Law' },
    ],
  },
  {
    id: 'white-supremacy/wealth-gap',
    topic: 'white-supremacy',
    title: 'The racial wealth gap',
    text:
      'The wealth gap is the system\'s accumulated result. In the Federal Reserve\'s 2022 Survey of Consumer Finances, the median white family held about $285,000 in wealth, the median Hispanic family about $61,600 and the median Black family about $44,900, roughly one sixth of the white figure. William Darity Jr. and colleagues (2018) show that more education, harder work or better budgeting by Black families cannot close it; the gap comes from inheritance, home ownership shaped by segregation, and unequal access to credit, which is why they argue for reparations.',
    keywords: ['wealth gap', 'income', 'economics', 'inequality', 'money', 'federal reserve', 'darity', 'net worth'],
    sources: [
      { title: 'Federal Reserve, Changes in U.S. Family Finances from 2019 to 2022 (2023)', url: 'https://www.federalreserve.gov/publications/files/scf23.pdf' },
      { title: 'Darity et al., What We Get Wrong About Closing the Racial Wealth Gap (2018)', url: 'https://socialequity.duke.edu/portfolio-item/what-we-get-wrong-about-closing-the-racial-wealth-gap/' },
    ],
  },
  {
    id: 'white-supremacy/new-jim-crow',
    topic: 'white-supremacy',
    title: 'Mass incarceration as racial control',
    text:
      'Michelle Alexander\'s The New Jim Crow (2010) argues that mass incarceration, driven by the war on drugs, works as a system of racial control: it labels millions of Black people as felons and then lawfully shuts them out of voting, jobs, housing and juries, much as Jim Crow laws did. Black and white Americans use illegal drugs at similar rates, yet Black Americans have been arrested and imprisoned for drug offences at far higher rates. Data produced by that system, fed into risk scores and predictive tools, carries its bias forward.',
    keywords: ['mass incarceration', 'prison', 'new jim crow', 'michelle alexander', 'war on drugs', 'criminal justice', 'felony', 'voting'],
    sources: [{ title: 'Alexander, The New Jim Crow (2010), overview', url: 'https://en.wikipedia.org/wiki/The_New_Jim_Crow' }],
  },
  {
    id: 'white-supremacy/intersectionality',
    topic: 'white-supremacy',
    title: 'Intersectionality',
    text:
      'Kimberlé Crenshaw introduced intersectionality in 1989 ("Demarginalizing the Intersection of Race and Sex", University of Chicago Legal Forum) to explain why courts failed Black women: discrimination claims were judged either as race claims, measured on Black men, or as sex claims, measured on white women, so harms to Black women fell between the two. The same blind spot appears in AI audits that check race and gender separately; Gender Shades found the worst failures exactly at the intersection.',
    keywords: ['intersectionality', 'kimberle crenshaw', 'black women', 'gender', 'race and sex', 'race and gender', 'fairness', 'intersectional fairness', 'discrimination law'],
    sources: [{ title: 'Crenshaw, Demarginalizing the Intersection of Race and Sex, University of Chicago Legal Forum (1989)', url: 'https://chicagounbound.uchicago.edu/uclf/vol1989/iss1/8/' }],
  },
  {
    id: 'white-supremacy/white-fragility',
    topic: 'white-supremacy',
    title: 'White fragility: how defensiveness protects the system',
    text:
      'Robin DiAngelo coined "white fragility" (an article in 2011, a book in 2018) for the defensive reactions, anger, guilt, argument, silence or withdrawal, that many white people show when racism is raised, reactions that end the conversation and so protect the status quo. The idea is widely used and also criticised, including by Black writers who find that it centres white feelings. In practice: notice when a discussion about a system turns into a discussion about someone\'s intentions or comfort, and bring it back to outcomes.',
    keywords: ['white fragility', 'robin diangelo', 'defensiveness', 'guilt', 'fragile', 'conversation about race'],
    sources: [{ title: 'DiAngelo, White Fragility (2018), overview and criticism', url: 'https://en.wikipedia.org/wiki/White_Fragility' }],
  },
  {
    id: 'white-supremacy/dog-whistles',
    topic: 'white-supremacy',
    title: 'Dog whistles: coded racial appeals',
    text:
      'Ian Haney López (Dog Whistle Politics, 2014) describes coded racial appeals: phrases such as "welfare queens", "inner-city crime", "thugs" or "illegals" that stir racial fear while letting the speaker deny any racial meaning. They work because the audience decodes them. Julia Mendelsohn, Ronan Le Bras, Yejin Choi and Maarten Sap (ACL 2023) compiled a glossary of more than 340 dog whistles and showed that language models often miss their covert meaning, one reason Keisha\'s news decoder keeps its own sourced lexicon.',
    keywords: ['dog whistle', 'dogwhistle', 'politicians', 'political', 'coded language', 'codewords', 'code words', 'euphemism', 'haney lopez', 'welfare queen', 'thug', 'illegals'],
    sources: [
      { title: 'Ian Haney López (overview of his work, including Dog Whistle Politics)', url: 'https://en.wikipedia.org/wiki/Ian_Haney_L%C3%B3pez' },
      { title: 'Mendelsohn, Le Bras, Choi & Sap, From Dogwhistles to Bullhorns (ACL 2023): glossary and code', url: 'https://github.com/juliamendelsohn/dogwhistles' },
    ],
  },
  {
    id: 'white-supremacy/antiracist-policy',
    topic: 'white-supremacy',
    title: 'Judging policies by outcomes: antiracist policy',
    text:
      'Ibram X. Kendi (How to Be an Antiracist, 2019) defines a racist policy as any measure that produces or sustains racial inequity, and an antiracist policy as one that produces or sustains racial equity; there is no neutral "not racist" position. That moves attention from intentions to measurable outcomes, the same test Keisha applies to an AI system: whatever its designers meant, whom does it fail?',
    keywords: ['kendi', 'antiracist', 'anti-racist', 'policy', 'equity', 'not racist', 'outcomes'],
    sources: [{ title: 'Kendi, How to Be an Antiracist (2019), overview', url: 'https://en.wikipedia.org/wiki/How_to_Be_an_Antiracist' }],
  },
];
