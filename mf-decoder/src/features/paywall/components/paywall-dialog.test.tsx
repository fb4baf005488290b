import type { Usage } from '@keisha/contracts/decoder';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PaywallDialog } from './paywall-dialog.tsx';

function usage(overrides: Partial<Usage> = {}): Usage {
  return {
    daily_count: 3,
    limit: 3,
    daily_limit: 3,
    subscription_tier: 'guest',
    remaining: 0,
    unlimited: false,
    hasReachedLimit: true,
    shouldPromptUpgrade: true,
    resets_at: '2030-01-02T00:00:00.000Z',
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPaywall(props: Partial<Parameters<typeof PaywallDialog>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/bias-detection']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route
          path="/bias-detection"
          element={<PaywallDialog signedIn={false} usage={usage()} onClose={onClose} onCreateAccount={() => undefined} {...props} />}
        />
        <Route path="/pricing" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onClose };
}

describe('PaywallDialog', () => {
  it('speaks to a guest, with the reset note, both plans and the account note', () => {
    const onCreateAccount = vi.fn();
    renderPaywall({ onCreateAccount });
    const dialog = screen.getByRole('dialog', { name: 'Guest Limit Reached' });
    expect(within(dialog).getByText('Usage resets at midnight')).toBeTruthy();
    const monthly = within(dialog).getByRole('region', { name: 'Monthly' });
    const annual = within(dialog).getByRole('region', { name: 'Annual' });
    expect(within(annual).getByText('RECOMMENDED')).toBeTruthy();
    expect(within(monthly).queryByText('RECOMMENDED')).toBeNull();
    expect(within(monthly).getByRole('button', { name: 'Pay $7 with Bitcoin' })).toBeTruthy();
    expect(within(monthly).getByRole('button', { name: 'Pay $14.99 with Cash App' })).toBeTruthy();
    expect(within(annual).getByRole('button', { name: 'Pay $60 with Bitcoin' })).toBeTruthy();
    expect(within(annual).getByRole('button', { name: 'Pay $99.99 with Cash App' })).toBeTruthy();
    expect(within(annual).getByText('Save $24 (29%) with Bitcoin')).toBeTruthy();
    expect(within(annual).getByText('Save $79.89 (44%) with Cash App')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create a free account' }));
    expect(onCreateAccount).toHaveBeenCalledOnce();
  });

  it('speaks to a signed-in reader without the guest note', () => {
    renderPaywall({ signedIn: true, usage: usage({ subscription_tier: 'free' }) });
    const dialog = screen.getByRole('dialog', { name: 'Daily Limit Reached' });
    expect(within(dialog).queryByRole('button', { name: 'Create a free account' })).toBeNull();
    expect(within(dialog).getByText('Usage resets at midnight')).toBeTruthy();
  });

  it('hides the reset note for an unlimited plan', () => {
    renderPaywall({ signedIn: true, usage: usage({ subscription_tier: 'annual', unlimited: true, limit: null, daily_limit: null }) });
    expect(screen.queryByText('Usage resets at midnight')).toBeNull();
  });

  it('sends a chosen plan to /pricing with the plan, source, payment and user type', () => {
    const { onClose } = renderPaywall();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $99.99 with Cash App' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/pricing?plan=annual&source=paywall&payment=cashapp&user_type=guest');
  });
});
