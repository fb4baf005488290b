import { describe, expect, it } from 'vitest';
import { initialView, isPaidTier, viewReducer, type ViewState } from './view-state.ts';

const chat: ViewState = { view: 'chat', plan: null };

describe('viewReducer', () => {
  it('runs the upgrade flow: settings, a plan chosen, back to settings', () => {
    const settings = viewReducer(chat, { type: 'openSettings' });
    expect(settings).toEqual({ view: 'settings', plan: null });
    const checkout = viewReducer(settings, { type: 'choosePlan', plan: 'Pro' });
    expect(checkout).toEqual({ view: 'upgradeCheckout', plan: 'Pro' });
    expect(viewReducer(checkout, { type: 'backToSettings' })).toEqual({ view: 'settings', plan: null });
  });

  it('opens the decoder and comes back to the chat', () => {
    expect(viewReducer(chat, { type: 'openDecoder' })).toEqual({ view: 'biasDetection', plan: null });
    expect(viewReducer({ view: 'settings', plan: null }, { type: 'showChat' })).toEqual(chat);
  });
});

describe('initialView', () => {
  it('follows the page the shell asked for', () => {
    expect(initialView('payment-success', null)).toEqual({ view: 'paymentSuccess', plan: null });
    expect(initialView('payment-cancelled', null, 'Gold')).toEqual({ view: 'paymentCancelled', plan: 'Gold' });
    expect(initialView('chat', null)).toEqual(chat);
  });

  it('opens settings or a plan’s checkout when the previous page asked for it', () => {
    expect(initialView('chat', { chatView: 'settings' })).toEqual({ view: 'settings', plan: null });
    expect(initialView('chat', { chatView: 'upgradeCheckout', plan: 'Starter' })).toEqual({ view: 'upgradeCheckout', plan: 'Starter' });
  });

  it('ignores requests it does not understand', () => {
    expect(initialView('chat', { chatView: 'upgradeCheckout', plan: 'Free' })).toEqual(chat);
    expect(initialView('chat', { chatView: 'admin' })).toEqual(chat);
    expect(initialView('chat', 'settings')).toEqual(chat);
  });

  it('knows the paid plans', () => {
    expect(['Starter', 'Pro', 'Gold', 'Free', 'gold', 1].map(isPaidTier)).toEqual([true, true, true, false, false, false]);
  });
});
