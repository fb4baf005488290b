import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startChat } from './helpers.ts';

await describeServiceFrame('chat', startChat);
