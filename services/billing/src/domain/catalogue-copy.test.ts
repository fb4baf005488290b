import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.ts';

// Issue 28, item 5: the plans promise nothing as "coming" that is live (the decoder's Export button and the
// public API with keys from the account page both work for Annual).
describe('plan features', () => {
  it('never call a live feature "coming soon"', () => {
    const features = catalogue().decoder.plans.flatMap((plan) => plan.features);
    expect(features.filter((feature) => /coming soon|soon\)/i.test(feature))).toEqual([]);
    expect(features).toContain('API access for your own tools');
  });

  it('sells nothing every reader already has (Export is on every analysis), and lists on Annual all that Monthly gives', () => {
    const plans = catalogue().decoder.plans;
    const features = (tier: string) => plans.find((plan) => plan.tier === tier)!.features;
    expect(plans.flatMap((plan) => plan.features).filter((feature) => /export/i.test(feature))).toEqual([]);
    const perDay = /analyses per day$/;
    expect(features('annual')).toEqual(expect.arrayContaining(features('monthly').filter((feature) => !perDay.test(feature))));
  });
});
