import { describe, expect, it } from 'vitest';
import { PRODUCTION_SANDBOX_WARNING, sandboxSetting } from './sandbox-setting.ts';

describe('the sandbox switch', () => {
  it.each([
    [undefined, undefined, true],
    [undefined, 'development', true],
    [undefined, 'test', true],
    [undefined, 'production', false],
    ['off', undefined, false],
    ['off', 'production', false],
    ['on', undefined, true],
    ['on', 'production', true],
  ] as const)('PAYMENTS_SANDBOX=%s with NODE_ENV=%s: on is %s', (value, nodeEnv, on) => {
    expect(sandboxSetting(value, nodeEnv).on).toBe(on);
  });

  it('warns only when the sandbox runs in production', () => {
    expect(sandboxSetting('on', 'production').warning).toBe(PRODUCTION_SANDBOX_WARNING);
    expect(PRODUCTION_SANDBOX_WARNING).toContain('PAYMENTS_SANDBOX');
    for (const [value, nodeEnv] of [['on', undefined], [undefined, 'production'], ['off', 'production'], [undefined, 'development']] as const) {
      expect(sandboxSetting(value, nodeEnv).warning).toBeNull();
    }
  });
});
