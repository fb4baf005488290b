import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.ts';

// Issue 28, item 5: the plans promise nothing as "coming" that is live (the decoder's Export button and the
// public API with keys from the account page both work for Annual).
describe('plan features', () => {
  it('never call a live feature "coming soon"', () => {
    const features = catalogue().decoder.plans.flatMap((plan) => plan.features);
    expect(features.filter((feature) => /coming soon|soon\)/i.test(feature))).toEqual([]);
    expect(features).toContain('Export and API access');
  });
});
