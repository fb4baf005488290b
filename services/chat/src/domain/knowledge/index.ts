// The offline responder's library. Facts from public work, in our own words; see each passage's sources.
// The passages are data (passages/<file>.json, one file a topic), checked against passageSchema as they load.
import counterRacistStrategies from './passages/counter-racist-strategies.json' with { type: 'json' };
import decoder from './passages/decoder.json' with { type: 'json' };
import enterpriseAiEthics from './passages/enterprise-ai-ethics.json' with { type: 'json' };
import keisha from './passages/keisha.json' with { type: 'json' };
import racialBiasInAi from './passages/racial-bias-in-ai.json' with { type: 'json' };
import whiteSupremacy from './passages/white-supremacy.json' with { type: 'json' };
import { passagesFrom, type Passage, type TopicId } from './types.ts';

export type { Passage, TopicId } from './types.ts';

export const KNOWLEDGE: readonly Passage[] = [
  ...passagesFrom('racial-bias-in-ai.json', racialBiasInAi),
  ...passagesFrom('white-supremacy.json', whiteSupremacy),
  ...passagesFrom('enterprise-ai-ethics.json', enterpriseAiEthics),
  ...passagesFrom('counter-racist-strategies.json', counterRacistStrategies),
  ...passagesFrom('decoder.json', decoder),
  ...passagesFrom('keisha.json', keisha),
];

export const TOPIC_NAMES: Record<TopicId, string> = {
  'ai-bias': 'racial bias in AI systems',
  'white-supremacy': 'white supremacy as a system',
  enterprise: 'enterprise AI-ethics practice',
  strategies: 'counter-racist strategies',
  decoder: 'how the news decoder reads an article',
  keisha: 'Keisha and this app',
};
