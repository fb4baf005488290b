import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import ChatApp from './App.tsx';

function renderPage(page: string, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ChatApp page={page} />
    </MemoryRouter>,
  );
}

afterEach(() => keishaStore.setState({ auth: initialAuthState }));

describe('chat top bar', () => {
  it("shows the signed-in reader's email, Sign Out and the theme toggle", () => {
    keishaStore.getState().dispatchAuth({
      type: 'RESTORE_SESSION',
      user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
    });
    renderPage('chat');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByText('reader@example.org')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Light Mode' })).toBeTruthy();
  });
});

describe('chat empty state', () => {
  it('shows the branding, the input, the disclaimer and four suggestions', () => {
    renderPage('chat');
    expect(screen.getByRole('heading', { level: 1, name: 'KEISHA' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Message Keisha' });
    expect(input.getAttribute('placeholder')).toBe('Ask Anything...');
    expect(screen.getByText('AI can make mistakes. Consider checking important information.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggested questions' }).querySelectorAll('button')).toHaveLength(4);
  });

  it('enables Send only for a non-blank message', () => {
    renderPage('chat');
    const input = screen.getByRole('textbox', { name: 'Message Keisha' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Who coined "systemic racism"?' } });
    expect(send.disabled).toBe(false);
  });

  it('fills the input with a suggestion without sending it', () => {
    renderPage('chat');
    fireEvent.click(screen.getByRole('button', { name: 'How does racial bias show up in AI systems?' }));
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    expect(input.value).toBe('How does racial bias show up in AI systems?');
    expect(document.activeElement).toBe(input);
  });

  it('keeps the text on Enter and on Send (sending comes later)', () => {
    renderPage('chat');
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'What is redlining?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(input.value).toBe('What is redlining?');
  });
});

describe('upgrade return pages', () => {
  it('payment-success confirms the upgrade and shows the charge id as text', () => {
    renderPage('payment-success', '/payment-success?chargeId=%3Cb%3EX1%3C%2Fb%3E');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByText('Your upgrade is being processed')).toBeTruthy();
    const reference = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Charge ID: <b>X1</b>');
    expect(reference.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Chat' }).getAttribute('href')).toBe('/');
  });

  it('payment-success shows no charge line without a chargeId', () => {
    renderPage('payment-success', '/payment-success?session_id=cs_test_1');
    expect(screen.queryByText(/Charge ID/)).toBeNull();
  });

  it('payment-cancelled says nothing was charged and links back to chat', () => {
    renderPage('payment-cancelled', '/payment-cancelled');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByText('You have not been charged')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Chat' }).getAttribute('href')).toBe('/');
  });
});
