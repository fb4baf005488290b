// Two-turn dialogues for the offline responder: a question, then a follow-up that leans on it ("Has it led to
// arrests?") or a change of topic that must not be pulled back to the first one. Each follow-up lists the
// passages that answer it. Written before the follow-up rule was changed, and used to choose its one weight
// (LAST_QUESTION_WEIGHT in offline.ts, where the figures are). Checked by follow-ups.test.ts and printed by
// scripts/eval.ts.

export type Dialogue = [first: string, then: string, answeredBy: string[]];

export const FOLLOW_UPS: Dialogue[] = [
  ['What is redlining?', 'And how does it shape data today?', ['ai-bias/lending', 'ai-bias/proxies', 'white-supremacy/wealth-gap']],
  ['What is redlining?', 'Why does it matter for AI?', ['ai-bias/proxies', 'ai-bias/lending']],
  ['What was COMPAS?', 'Was it accurate for Black defendants?', ['ai-bias/compas', 'enterprise/fairness-metrics']],
  ['Tell me about Gender Shades', 'What did companies do after it?', ['ai-bias/actionable-auditing']],
  ['How does facial recognition fail?', 'Has it led to arrests?', ['ai-bias/wrongful-arrests']],
  ['What is predictive policing?', 'Why is that a feedback loop?', ['ai-bias/predictive-policing']],
  ['What is the racial wealth gap?', 'What caused it?', ['white-supremacy/wealth-gap', 'white-supremacy/redlining']],
  ['Who was Neely Fuller Jr.?', "How is his definition different from Welsing's?", ['white-supremacy/welsing', 'white-supremacy/fuller']],
  ['What is a dog whistle?', 'Can the decoder find them?', ['decoder/codewords']],
  ['How is the bias score computed?', 'How accurate is it?', ['decoder/score']],
  ['What does the EU AI Act require?', 'Does it apply to hiring tools?', ['enterprise/eu-ai-act', 'enterprise/nyc-local-law-144']],
  ['What is NYC Local Law 144?', 'What does the audit have to report?', ['enterprise/nyc-local-law-144', 'enterprise/fairness-metrics']],
  ['What is the four-fifths rule?', 'Where does it come from?', ['enterprise/fairness-metrics']],
  ['What happened with the health care algorithm?', 'How did they fix it?', ['ai-bias/health-algorithm']],
  ['Do speech recognition systems have racial bias?', 'How big was the gap?', ['ai-bias/speech-recognition']],
  ['What is white fragility?', 'How do I respond when it happens at work?', ['white-supremacy/white-fragility', 'strategies/workplace']],
  ['What is intersectionality?', 'Who coined the term?', ['white-supremacy/intersectionality']],
  ['What are reparations?', 'Has any city actually done it?', ['strategies/repair']],
  ['What is mass incarceration?', 'How is it connected to the war on drugs?', ['white-supremacy/new-jim-crow']],
  ['What are the 5Ds of bystander intervention?', 'What if it is my coworker?', ['strategies/bystander', 'strategies/workplace']],
  ['What is the New Jim Code?', 'Who wrote about it?', ['ai-bias/new-jim-code']],
  ['Do pulse oximeters have racial bias?', 'What about kidney tests?', ['ai-bias/medical-devices']],
  ['What questions should I ask an AI vendor?', 'What documentation should they give me?', ['enterprise/procurement', 'enterprise/internal-audit']],
  ['What is colour-blind racism?', 'What are its frames?', ['white-supremacy/colour-blind-racism']],
];

export const CHANGES_OF_TOPIC: Dialogue[] = [
  ['What is redlining?', "What are the EU AI Act's rules for high-risk systems?", ['enterprise/eu-ai-act']],
  ['What was COMPAS?', 'How does the decoder find codewords?', ['decoder/codewords']],
  ['Tell me about Gender Shades', 'What is the racial wealth gap?', ['white-supremacy/wealth-gap']],
  ['What is white fragility?', 'How do language models treat African American English?', ['ai-bias/language-models-dialect']],
  ['What is the four-fifths rule?', 'What is mass incarceration?', ['white-supremacy/new-jim-crow']],
  ['What is a dog whistle?', 'How can I organise a coalition in my community?', ['strategies/organise']],
  ['What happened with the health care algorithm?', 'Do image generators stereotype people?', ['ai-bias/image-generators']],
  ['What is predictive policing?', 'What are the message limits on the free plan?', ['keisha/plans']],
];
