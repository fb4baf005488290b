import type { Passage } from './types.ts';

export const RACIAL_BIAS_IN_AI: Passage[] = [
  {
    id: 'ai-bias/what-it-is',
    topic: 'ai-bias',
    title: 'What racial bias in AI systems means',
    text:
      'Racial bias in an AI system means that its errors, scores or outputs fall differently on people by race, in ways that repeat or deepen existing disadvantage. It rarely comes from one bad line of code. It enters through the data (records of a racist past and present, or datasets that leave people out), through the target a model is told to predict (a proxy such as past spending or arrests standing in for need or crime), through evaluation (one average that hides failures on smaller groups) and through deployment (who gets watched, scored or refused). NIST\'s 2022 report on bias in AI names three kinds that act together, systemic, statistical and human, and warns that fixing the statistics alone leaves the systemic part in place.',
    keywords: ['algorithmic bias', 'machine learning', 'discrimination', 'racial bias in ai systems', 'artificial intelligence', 'sources of bias', 'is ai racist', 'can ai be racist', 'racist ai', 'racist algorithm', 'algorithms', 'just math', 'neutral', 'objective', 'how does bias get into ai'],
    sources: [{ title: 'NIST SP 1270, Towards a Standard for Identifying and Managing Bias in Artificial Intelligence (2022)', url: 'https://doi.org/10.6028/NIST.SP.1270' }],
  },
  {
    id: 'ai-bias/gender-shades',
    topic: 'ai-bias',
    title: 'Gender Shades: face analysis failed darker-skinned women most',
    text:
      'In Gender Shades (2018), Joy Buolamwini and Timnit Gebru tested the commercial face-analysis products of IBM, Microsoft and Face++ on photos of parliamentarians from three African and three European countries, balanced by skin type and gender. The products classified lighter-skinned men almost perfectly, with error rates of at most 0.8%, and misclassified darker-skinned women up to 34.7% of the time. The study showed how one overall accuracy figure can hide a system that works worst for Black women, and why results must be broken down by intersecting groups, not by race or gender alone.',
    keywords: ['facial recognition', 'face recognition', 'joy buolamwini', 'timnit gebru', 'dark skin', 'black women', 'intersectional', 'accuracy', 'ibm', 'microsoft'],
    sources: [{ title: 'Buolamwini & Gebru, Gender Shades, FAT* 2018 (PMLR 81)', url: 'https://proceedings.mlr.press/v81/buolamwini18a.html' }],
  },
  {
    id: 'ai-bias/actionable-auditing',
    topic: 'ai-bias',
    title: 'Public audits changed what companies did',
    text:
      'A year after Gender Shades, Inioluwa Deborah Raji and Joy Buolamwini audited the same companies again. All three had narrowed their error gaps since being named, while products that had not been named in the first audit, including Amazon\'s and Kairos\', still showed large gaps for darker-skinned women. Specific, published, named results moved corporate behaviour where general concern had not. Accountability works when the evidence is concrete and public.',
    keywords: ['audit', 'deborah raji', 'amazon rekognition', 'kairos', 'accountability', 'naming', 'called out', 'follow-up study', 'gender shades follow-up', 'second audit', 'companies respond', 'improve', 'face software', 'follow-up audit'],
    sources: [{ title: 'Raji & Buolamwini, Actionable Auditing, AIES 2019', url: 'https://dl.acm.org/doi/10.1145/3306618.3314244' }],
  },
  {
    id: 'ai-bias/nist-frvt',
    topic: 'ai-bias',
    title: 'NIST measured demographic differences in face recognition',
    text:
      'In December 2019 NIST published its study of demographic effects in face recognition (NISTIR 8280), covering 189 algorithms from 99 developers. In one-to-one matching, many algorithms produced false positives, wrongly matching two different people, 10 to 100 times more often for West African, East African and East Asian faces than for Eastern European faces. On U.S. law-enforcement photos, false positives were highest for American Indians and elevated for African American and Asian people, and in one-to-many searches, the kind police run against mugshot databases, African American women had higher false-positive rates. Results differed widely between algorithms (some developed in Asia showed no large gap for East Asian faces), so buyers can and must test a product before they use it.',
    keywords: ['frvt', 'nist', 'nist study', 'face recognition vendor test', 'false positive', 'false match', 'demographic differentials', 'police', 'mugshot', 'facial recognition'],
    sources: [{ title: 'Grother, Ngan & Hanaoka, NISTIR 8280, Face Recognition Vendor Test Part 3: Demographic Effects (2019)', url: 'https://doi.org/10.6028/NIST.IR.8280' }],
  },
  {
    id: 'ai-bias/wrongful-arrests',
    topic: 'ai-bias',
    title: 'Face recognition has led to wrongful arrests of Black people',
    text:
      'In January 2020 Detroit police arrested Robert Williams on his front lawn, in front of his wife and daughters, and held him for about 30 hours, because a face recognition search had matched a blurry store-camera image of a shoplifter to his old driver\'s licence photo. He was not the man. His lawsuit, brought with the ACLU, ended in a 2024 settlement under which Detroit police may no longer arrest anyone on the basis of a face recognition result alone. All three people known to have been wrongly arrested in Detroit after such searches, including Porcha Woodruff, who was eight months pregnant, are Black. A machine\'s guess is not evidence.',
    keywords: ['robert williams', 'detroit', 'false arrest', 'wrongful arrest', 'porcha woodruff', 'police', 'facial recognition', 'aclu'],
    sources: [
      { title: 'ACLU, Williams v. City of Detroit', url: 'https://www.aclu.org/cases/williams-v-city-of-detroit-face-recognition-false-arrest' },
      { title: 'University of Michigan Law School, settlement announcement (2024)', url: 'https://michigan.law.umich.edu/news/civil-rights-litigation-initiative-helps-achieve-nations-strongest-police-department-policy' },
    ],
  },
  {
    id: 'ai-bias/health-algorithm',
    topic: 'ai-bias',
    title: 'A health algorithm used cost as a stand-in for need',
    text:
      'Ziad Obermeyer and colleagues (Science, 2019) studied a commercial algorithm that U.S. health systems used to choose patients for extra care management, a kind of tool applied to millions of people. It predicted future health costs as a stand-in for health needs. Because less money had been spent on Black patients with the same illnesses, through unequal access to care, the algorithm rated Black patients as healthier than equally sick white patients: at the same score, Black patients had more chronic conditions. Predicting need instead of cost would have raised the share of Black patients flagged for extra help from 17.7% to 46.5%. Choosing what a model predicts is a decision about race, even when race is not one of its inputs.',
    keywords: ['obermeyer', 'healthcare', 'health care', 'hospital', 'medicine', 'proxy', 'cost', 'risk score', 'patients', 'science'],
    sources: [{ title: 'Obermeyer, Powers, Vogeli & Mullainathan, Dissecting racial bias in an algorithm used to manage the health of populations, Science 366 (2019)', url: 'https://www.science.org/doi/10.1126/science.aax2342' }],
  },
  {
    id: 'ai-bias/compas',
    topic: 'ai-bias',
    title: 'Risk scores in criminal courts: COMPAS',
    text:
      'ProPublica\'s 2016 investigation "Machine Bias" examined the COMPAS risk scores used in Broward County, Florida. Among defendants who did not reoffend within two years, Black defendants were almost twice as likely as white defendants to have been labelled higher risk (45% against 23%); among those who did reoffend, white defendants were more often labelled low risk (48% against 28%). The vendor answered that its scores meant the same risk for both groups. Both statements can hold at once: Kleinberg, Mullainathan and Raghavan, and separately Alexandra Chouldechova, proved that when base rates differ, a score cannot be both equally calibrated and equal in its error rates. Which fairness to give up is a moral and political choice, not a technical detail.',
    keywords: ['compas', 'propublica', 'recidivism', 'criminal justice', 'sentencing', 'bail', 'pretrial', 'risk assessment', 'northpointe', 'impossibility', 'calibration'],
    sources: [
      { title: 'Angwin, Larson, Mattu & Kirchner, Machine Bias, ProPublica (2016)', url: 'https://www.propublica.org/article/machine-bias-risk-assessments-in-criminal-sentencing' },
      { title: 'Kleinberg, Mullainathan & Raghavan, Inherent Trade-Offs in the Fair Determination of Risk Scores (2016)', url: 'https://arxiv.org/abs/1609.05807' },
      { title: 'Chouldechova, Fair prediction with disparate impact (2017)', url: 'https://arxiv.org/abs/1703.00056' },
    ],
  },
  {
    id: 'ai-bias/predictive-policing',
    topic: 'ai-bias',
    title: 'Predictive policing predicts policing',
    text:
      'Predictive policing tools learn from where police made arrests and recorded crime, which reflects where police already patrol. Kristian Lum and William Isaac (2016) ran a widely used prediction algorithm on Oakland drug-arrest records and found it would send officers to Black neighbourhoods at roughly twice the rate of white ones, although survey estimates showed drug use spread across the city. Ensign and colleagues (2018) showed how such systems run away: more patrols produce more recorded incidents, which produce more patrols. A model trained on policing data forecasts policing, not crime.',
    keywords: ['predpol', 'police', 'policing', 'crime prediction', 'feedback loop', 'oakland', 'arrests', 'surveillance'],
    sources: [
      { title: 'Lum & Isaac, To predict and serve?, Significance 13(5) (2016)', url: 'https://doi.org/10.1111/j.1740-9713.2016.00960.x' },
      { title: 'Ensign et al., Runaway Feedback Loops in Predictive Policing, FAT* 2018', url: 'https://proceedings.mlr.press/v81/ensign18a.html' },
    ],
  },
  {
    id: 'ai-bias/language-models-dialect',
    topic: 'ai-bias',
    title: 'Language models judge people by their dialect',
    text:
      'Large language models carry covert racism. Valentin Hofmann and colleagues (Nature, 2024) found that when models read text in African American English rather than Standardised American English, they associated the writer with negative stereotypes, matched them to less prestigious jobs, and in hypothetical trials were more likely to convict them and to choose a death sentence, while the same models said positive things about Black people when asked directly. Training with human feedback reduced the overt stereotypes but not the covert ones. Earlier, Maarten Sap and colleagues (2019) showed that hate-speech classifiers flagged tweets in African American English as offensive far more often, which silences Black users in the name of safety.',
    keywords: ['llm', 'large language model', 'chatgpt', 'gpt', 'chatbot', 'african american english', 'aae', 'dialect', 'hate speech', 'content moderation', 'covert racism', 'generative ai'],
    sources: [
      { title: 'Hofmann, Kalluri, Jurafsky & King, AI generates covertly racist decisions about people based on their dialect, Nature 633 (2024)', url: 'https://www.nature.com/articles/s41586-024-07856-5' },
      { title: 'Sap et al., The Risk of Racial Bias in Hate Speech Detection, ACL 2019', url: 'https://aclanthology.org/P19-1163/' },
    ],
  },
  {
    id: 'ai-bias/speech-recognition',
    topic: 'ai-bias',
    title: 'Speech recognition makes twice the errors for Black speakers',
    text:
      'Allison Koenecke and colleagues (PNAS, 2020) tested the speech recognition of Amazon, Apple, Google, IBM and Microsoft on interviews with Black and white speakers. The average word error rate was 0.35 for Black speakers and 0.19 for white speakers, nearly twice as many errors. Voice assistants, automatic captions and transcription in courts, hospitals and call centres inherit that gap unless it is measured and fixed.',
    keywords: ['speech', 'voice', 'asr', 'transcription', 'voice assistant', 'siri', 'alexa', 'word error rate', 'koenecke'],
    sources: [{ title: 'Koenecke et al., Racial disparities in automated speech recognition, PNAS 117(14) (2020)', url: 'https://www.pnas.org/doi/10.1073/pnas.1915768117' }],
  },
  {
    id: 'ai-bias/search-and-ads',
    topic: 'ai-bias',
    title: 'Search engines and ads: Algorithms of Oppression',
    text:
      'Safiya Umoja Noble\'s Algorithms of Oppression (2018) documents how search engines, run as advertising businesses, returned degrading and sexualised results for searches such as "black girls" and presented racist framings as neutral information. Latanya Sweeney (2013) found that searches for names given more often to Black babies were more likely to show ads suggesting an arrest record. Search and recommendation systems decide what a society sees; a ranking tuned for clicks and ad revenue amplifies the racism already in the data and the market.',
    keywords: ['safiya noble', 'google search', 'search engine', 'advertising', 'ads', 'latanya sweeney', 'recommendation', 'ranking', 'algorithms of oppression'],
    sources: [
      { title: 'Noble, Algorithms of Oppression, NYU Press (2018)', url: 'https://nyupress.org/9781479837243/algorithms-of-oppression/' },
      { title: 'Sweeney, Discrimination in Online Ad Delivery (2013)', url: 'https://arxiv.org/abs/1301.6822' },
    ],
  },
  {
    id: 'ai-bias/medical-devices',
    topic: 'ai-bias',
    title: 'Bias in medical measurement and formulas',
    text:
      'Bias also sits in the measurements and formulas that software automates. Michael Sjoding and colleagues (NEJM, 2020) found that pulse oximeters missed dangerously low blood oxygen in Black patients nearly three times as often as in white patients (11.7% against 3.6%). Kidney-function equations long multiplied results for Black patients by a "race coefficient", which made their kidneys look healthier and could delay specialist referral and transplant listing; in 2021 a joint task force of the National Kidney Foundation and the American Society of Nephrology recommended an equation without race. When software automates a biased formula, it scales the bias.',
    keywords: ['pulse oximeter', 'oximetry', 'oxygen', 'accuracy', 'darker skin', 'skin tone', 'egfr', 'kidney', 'race correction', 'medical', 'clinical algorithm', 'health'],
    sources: [
      { title: 'Sjoding et al., Racial Bias in Pulse Oximetry Measurement, NEJM 383 (2020)', url: 'https://www.nejm.org/doi/full/10.1056/NEJMc2029240' },
      { title: 'Delgado et al., NKF-ASN Task Force on Reassessing the Inclusion of Race in Diagnosing Kidney Disease (2021)', url: 'https://doi.org/10.1053/j.ajkd.2021.08.003' },
    ],
  },
  {
    id: 'ai-bias/image-generators',
    topic: 'ai-bias',
    title: 'Image generators exaggerate stereotypes',
    text:
      'Bloomberg\'s 2023 analysis of more than 5,000 images made with Stable Diffusion found that prompts for high-paying jobs mostly produced lighter-skinned people, while prompts such as "inmate", "drug dealer" and "terrorist" mostly produced darker-skinned people, skewing beyond what U.S. statistics show. Generated images then flow into advertising, teaching material and the training data of the next models, so the stereotype compounds.',
    keywords: ['stable diffusion', 'midjourney', 'dall-e', 'text to image', 'generative ai', 'images', 'stereotypes', 'bloomberg'],
    sources: [{ title: 'Nicoletti & Bass, Humans Are Biased. Generative AI Is Even Worse, Bloomberg (2023)', url: 'https://www.bloomberg.com/graphics/2023-generative-ai-bias/' }],
  },
  {
    id: 'ai-bias/google-photos',
    topic: 'ai-bias',
    title: 'Hiding a failure is not fixing it',
    text:
      'In 2015 Google Photos labelled a photo of two Black friends as "gorillas". Google apologised, but Wired found in 2018 that the fix was to stop the service from using the labels "gorilla", "chimpanzee" and "monkey" at all. Deleting a word hides a failure; it does not repair a model that was trained and tested without enough care for dark-skinned faces.',
    keywords: ['google photos', 'gorillas', 'image labeling', 'classifier', 'block', 'blocked labels', 'computer vision', 'classification'],
    sources: [{ title: 'Simonite, When It Comes to Gorillas, Google Photos Remains Blind, Wired (2018)', url: 'https://www.wired.com/story/when-it-comes-to-gorillas-google-photos-remains-blind/' }],
  },
  {
    id: 'ai-bias/proxies',
    topic: 'ai-bias',
    title: 'Leaving race out does not leave racism out',
    text:
      'Removing race from a model\'s inputs does not remove race from its decisions. Zip codes, names, schools, shopping habits and arrest records carry racial information because housing, schooling and policing were segregated by law and practice. In Marianne Bertrand and Sendhil Mullainathan\'s field experiment (2004), identical résumés with white-sounding names received about 50% more callbacks than those with Black-sounding names; a hiring model trained on such past decisions learns to repeat them. "Fairness through unawareness" fails. Test outcomes by group instead.',
    keywords: ['proxy', 'proxies', 'race-blind', 'blind to race', 'ignore race', 'remove race', 'zip code', 'hiring', 'resume', 'names', 'callbacks', 'fairness through unawareness', 'colorblind', 'recruiting', 'employment'],
    sources: [{ title: 'Bertrand & Mullainathan, Are Emily and Greg More Employable than Lakisha and Jamal?, American Economic Review 94(4) (2004)', url: 'https://www.aeaweb.org/articles?id=10.1257/0002828042002561' }],
  },
  {
    id: 'ai-bias/lending',
    topic: 'ai-bias',
    title: 'Algorithmic lending still charges Black and Latinx borrowers more',
    text:
      'Robert Bartlett, Adair Morse, Richard Stanton and Nancy Wallace found that U.S. mortgage lenders charged Latinx and African American borrowers higher interest rates than white borrowers with the same credit risk, costing them hundreds of millions of dollars a year. Algorithmic FinTech lenders did not eliminate the gap. Pricing on signals such as shopping behaviour or neighbourhood can redraw the old redlining map in new variables, which is why lenders must test their models\' outcomes by race, not only their inputs.',
    keywords: ['mortgage', 'lending', 'credit', 'loans', 'fintech', 'interest rates', 'banking', 'credit scoring', 'redlining'],
    sources: [{ title: 'Bartlett, Morse, Stanton & Wallace, Consumer-Lending Discrimination in the FinTech Era, NBER Working Paper 25943', url: 'https://www.nber.org/papers/w25943' }],
  },
  {
    id: 'ai-bias/training-data',
    topic: 'ai-bias',
    title: 'Bigger training data is not more neutral',
    text:
      'In "On the Dangers of Stochastic Parrots" (FAccT 2021), Emily Bender, Timnit Gebru, Angelina McMillan-Major and Margaret Mitchell (as "Shmargaret Shmitchell") warned that huge web-scraped training sets overrepresent hegemonic views, including white supremacist and misogynistic ones, while filtering out the voices of marginalised people, and that their size makes them too large to document. Size does not wash out bias. Document the data and the model, and say who is missing.',
    keywords: ['stochastic parrots', 'training data', 'dataset', 'web scraped', 'large language model', 'emily bender', 'documentation'],
    sources: [{ title: 'Bender, Gebru, McMillan-Major & Shmitchell, On the Dangers of Stochastic Parrots, FAccT 2021', url: 'https://dl.acm.org/doi/10.1145/3442188.3445922' }],
  },
  {
    id: 'ai-bias/new-jim-code',
    topic: 'ai-bias',
    title: 'The New Jim Code',
    text:
      'Ruha Benjamin\'s Race After Technology (2019) names the "New Jim Code": technologies that reproduce racial hierarchy while appearing objective, efficient or even progressive. Discrimination can be designed in through default settings, training data and business goals, with no one intending harm. Her answer is not only better code but abolitionist tools: asking whether a system should exist at all, whom it serves, and who gets to decide.',
    keywords: ['ruha benjamin', 'race after technology', 'new jim code', 'abolition', 'design', 'technology'],
    sources: [{ title: 'Ruha Benjamin (overview of her work, including Race After Technology, Polity 2019)', url: 'https://en.wikipedia.org/wiki/Ruha_Benjamin' }],
  },
];
