import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startIdentity } from './helpers.ts';

await describeServiceFrame('identity', startIdentity, ['/api/waitlist']);
