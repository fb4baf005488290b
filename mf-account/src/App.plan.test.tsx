// The plan section of the account page (issue 28, item 4): "Renews on" only for a renewing plan, with a
// Cancel that asks first and then shows what follows; "Active until" for a cancelled one; nothing to cancel
// for a lifetime plan.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './testing/render-app.tsx';
import { MEMBER, signedInAs, fakeApiForEachTest } from './testing/session.ts';

const api = fakeApiForEachTest();

const purchase = (over: Record<string, unknown> = {}) => ({
  id: '33333333-3333-4333-8333-333333333333',
  user_id: MEMBER.id,
  product: 'decoder',
  tier: 'monthly',
  status: 'active',
  provider: 'sandbox',
  payment_method: 'bitcoin',
  amount: 7,
  currency: 'USD',
  current_period_end: '2031-03-03T12:00:00.000Z',
  lifetime: false,
  grants_access: true,
  failure_reason: null,
  activated_at: '2031-02-03T12:00:00.000Z',
  cancelled_at: null,
  created_at: '2031-02-03T12:00:00.000Z',
  updated_at: '2031-02-03T12:00:00.000Z',
  ...over,
});

function serve(purchases: unknown[]) {
  signedInAs(api, MEMBER);
  api.on('GET /api/auth/me', { json: { success: true, user: { ...MEMBER, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on('GET /api/billing/entitlements/me', { json: { success: true, entitlement: { decoder_tier: 'monthly', chat_tier: 'Free', expires_at: '2031-03-03T12:00:00.000Z' } } });
  api.on(`GET /api/bias-payment/subscription/${MEMBER.id}`, {
    json: { success: true, user_id: MEMBER.id, entitlement: { decoder_tier: 'monthly', chat_tier: 'Free', expires_at: null, lifetime: false }, subscription: null, subscriptions: purchases },
  });
}

describe('the plan section', () => {
  it('shows "Renews on" for a renewing plan and cancels it after a confirm step', async () => {
    serve([purchase()]);
    const cancelled = purchase({ status: 'cancelled', cancelled_at: '2031-02-10T00:00:00.000Z' });
    api.on('POST /api/bias-payment/cancel-subscription', { json: { success: true, subscription: cancelled, access_until: cancelled.current_period_end } });
    renderApp('/account');
    const plans = await screen.findByRole('list', { name: 'Your paid plans' });
    expect(within(plans).getByText('Renews on Mar 3, 2031')).toBeTruthy();
    fireEvent.click(within(plans).getByRole('button', { name: 'Cancel plan' }));
    const confirm = within(plans).getByRole('alertdialog', { name: 'Cancel News Decoder Monthly?' });
    expect(confirm.textContent).toContain('will not renew');
    expect(api.callsTo('POST /api/bias-payment/cancel-subscription')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await within(plans).findByText('News Decoder Monthly is cancelled. It stays active until Mar 3, 2031 and will not renew.')).toBeTruthy();
    expect(within(plans).getByText('Active until Mar 3, 2031')).toBeTruthy();
    expect(within(plans).queryByText(/Renews on/)).toBeNull();
    expect(within(plans).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    expect(api.callsTo('POST /api/bias-payment/cancel-subscription')[0]!.body).toEqual({ user_id: MEMBER.id, subscription_id: cancelled.id, expected_status: 'active' });
  });

  it('shows "Active until" without a Cancel for a cancelled plan, and nothing to cancel for Gold', async () => {
    serve([
      purchase({ status: 'cancelled', cancelled_at: '2031-02-10T00:00:00.000Z' }),
      purchase({ id: '44444444-4444-4444-8444-444444444444', product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }),
    ]);
    renderApp('/account');
    const plans = await screen.findByRole('list', { name: 'Your paid plans' });
    expect(within(plans).getByText('Active until Mar 3, 2031')).toBeTruthy();
    expect(within(plans).getByText('Lifetime')).toBeTruthy();
    expect(within(plans).queryByText(/Renews on/)).toBeNull();
    expect(within(plans).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('after an upgrade lists the Annual first with its Cancel, and the Monthly it replaced, stopped, below it', async () => {
    const annual = purchase({
      id: '55555555-5555-4555-8555-555555555555',
      tier: 'annual',
      provider: 'paypal',
      payment_method: 'paypal',
      current_period_end: '2032-02-03T12:00:00.000Z',
      created_at: '2031-02-04T12:00:00.000Z',
    });
    serve([annual, purchase({ provider: 'paypal', payment_method: 'paypal', status: 'cancelled', cancelled_at: '2031-02-04T12:00:00.000Z' })]);
    const cancelled = { ...annual, status: 'cancelled', cancelled_at: '2031-02-10T00:00:00.000Z' };
    api.on('POST /api/bias-payment/cancel-subscription', { json: { success: true, subscription: cancelled, access_until: cancelled.current_period_end } });
    renderApp('/account');
    const plans = await screen.findByRole('list', { name: 'Your paid plans' });
    const rows = within(plans).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['News Decoder Annual · Renews on Feb 3, 2032Cancel plan', 'News Decoder Monthly · Active until Mar 3, 2031']);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel plan' }));
    fireEvent.click(within(plans).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await within(plans).findByText('News Decoder Annual is cancelled. It stays active until Feb 3, 2032 and will not renew.')).toBeTruthy();
    expect(api.callsTo('POST /api/bias-payment/cancel-subscription')[0]!.body).toEqual({ user_id: MEMBER.id, subscription_id: annual.id, expected_status: 'active' });
  });

  it('shows every plan of a product still renewing, each with its own Cancel, so nothing that charges is hidden', async () => {
    serve([
      purchase(),
      purchase({ id: '55555555-5555-4555-8555-555555555555', tier: 'annual', current_period_end: '2032-02-03T12:00:00.000Z' }),
      purchase({ id: '66666666-6666-4666-8666-666666666666', product: 'chat', tier: 'Starter', current_period_end: '2031-03-03T12:00:00.000Z' }),
    ]);
    renderApp('/account');
    const plans = await screen.findByRole('list', { name: 'Your paid plans' });
    const rows = within(plans).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')!.textContent)).toEqual(['News Decoder Annual', 'News Decoder Monthly', 'Chat Starter']);
    for (const row of rows) expect(within(row).getByRole('button', { name: 'Cancel plan' })).toBeTruthy();
  });

  it('says why billing refused a cancel', async () => {
    serve([purchase()]);
    api.on('POST /api/bias-payment/cancel-subscription', {
      status: 409,
      json: { success: false, error: { code: 'NOT_CANCELLABLE', message: 'Failed to cancel subscription', details: { reason: 'This purchase is not an active plan any more.' } } },
    });
    renderApp('/account');
    const plans = await screen.findByRole('list', { name: 'Your paid plans' });
    fireEvent.click(within(plans).getByRole('button', { name: 'Cancel plan' }));
    fireEvent.click(within(plans).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect((await within(plans).findByRole('alert')).textContent).toBe('Failed to cancel subscription: This purchase is not an active plan any more.');
  });
});
