import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startBilling } from './helpers.ts';

await describeServiceFrame('billing', startBilling, ['/api/billing/plans', '/api/enterprise-demo-request']);
