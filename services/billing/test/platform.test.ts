import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startBilling } from './helpers.ts';

await describeServiceFrame('billing', startBilling);
