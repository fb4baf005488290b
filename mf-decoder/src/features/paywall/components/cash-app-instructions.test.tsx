import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from '@keisha/ui';
import { CashAppInstructions } from './cash-app-instructions.tsx';

const plan = { id: 'monthly', name: 'Monthly', period: 'month', priceCents: { bitcoin: 1499, cashapp: 1499 }, dailyLimit: 10, features: [], recommended: true } as const;
const payment = {
  subscriptionId: 'sub-1',
  amount: '$14.99',
  cashtag: '$KeishaAI',
  note: 'reader@example.org',
  message: 'Send the amount; your plan is active within 1 hour.',
  cashAppLink: 'https://cash.app/$KeishaAI/14.99',
};

describe('CashAppInstructions', () => {
  it('keeps the focus on its heading when the dialog around it mounts with it (the dialog focuses after its children)', () => {
    render(
      <ModalDialog title="Upgrade" onClose={() => {}}>
        <CashAppInstructions plan={plan as never} payment={payment} onDone={() => {}} onBack={() => {}} />
      </ModalDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pay for the Monthly plan with Cash App' }));
  });
});
