import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';

await describeServiceFrame('decoder', startDecoder);
