import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';

await describeServiceFrame('decoder', (target, env) => startDecoder(target, env), ['/api/bias-analysis', '/api/bias-usage/current']);
