// The offline responder's library. Facts from public work, in our own words; see each passage's sources.
import { COUNTER_RACIST_STRATEGIES } from './counter-racist-strategies.ts';
import { DECODER } from './decoder.ts';
import { ENTERPRISE_AI_ETHICS } from './enterprise-ai-ethics.ts';
import { KEISHA } from './keisha.ts';
import { RACIAL_BIAS_IN_AI } from './racial-bias-in-ai.ts';
import type { Passage, TopicId } from './types.ts';
import { WHITE_SUPREMACY } from './white-supremacy.ts';

export type { Passage, TopicId } from './types.ts';

export const KNOWLEDGE: readonly Passage[] = [
  ...RACIAL_BIAS_IN_AI,
  ...WHITE_SUPREMACY,
  ...ENTERPRISE_AI_ETHICS,
  ...COUNTER_RACIST_STRATEGIES,
  ...DECODER,
  ...KEISHA,
];

export const TOPIC_NAMES: Record<TopicId, string> = {
  'ai-bias': 'racial bias in AI systems',
  'white-supremacy': 'white supremacy as a system',
  enterprise: 'enterprise AI-ethics practice',
  strategies: 'counter-racist strategies',
  decoder: 'how the news decoder reads an article',
  keisha: 'Keisha and this app',
};
