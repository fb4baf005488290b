import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer.tsx';

function Composer({ onSend }: { onSend: (message: string) => void }) {
  const [draft, setDraft] = useState('');
  return <MessageComposer draft={draft} onDraftChange={setDraft} onSend={onSend} />;
}

function type(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Message Keisha' }), { target: { value: text } });
}

function pressEnter() {
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message Keisha' }), { key: 'Enter' });
}

describe('MessageComposer', () => {
  // The service refuses these as blank (400); trim() keeps U+200B, so they used to be sent and counted.
  it.each(['   ', '\u200b\u200b\u200b', '\u202e', '\ufeff', '\u200d\u2060', '\u2800'])('does not send %j by Enter or by Send', (text) => {
    const send = vi.fn();
    render(<Composer onSend={send} />);
    type(text);
    pressEnter();
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends an emoji alone', () => {
    const send = vi.fn();
    render(<Composer onSend={send} />);
    type('\u{1F642}');
    pressEnter();
    expect(send).toHaveBeenCalledWith('\u{1F642}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
