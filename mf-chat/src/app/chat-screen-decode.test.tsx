// The chat screen's ways to the news decoder: Decode this article under an article-like message, and the side panel.
import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { DECODER_PREFILL_KEY } from '@keisha/contracts/decoder';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventStream, usage } from '../test-support/fake-platform.ts';
import { signIn } from '../test-support/reader.ts';
import { aiMessage } from '../test-support/chat-records.ts';
import { ask, chatPlatformPerTest, meta, platform, renderChat } from './chat-screen-fixture.tsx';

chatPlatformPerTest();

describe('Decode this article', () => {
  it('offers a long article-like message to the decoder, prefilled', async () => {
    const article = Array.from(
      { length: 8 },
      (_, i) => `City officials announced on day ${i} that the redevelopment plan for the riverside blocks would move forward despite objections from longtime residents and tenant groups.`,
    ).join(' ');
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'done', data: { status: 'complete', message: aiMessage('a1', 'This looks like an article.'), usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask(article);
    fireEvent.click(await screen.findByRole('button', { name: 'Decode this article' }));
    expect(await screen.findByText('The news decoder')).toBeTruthy();
    expect(sessionStorage.getItem(DECODER_PREFILL_KEY)).toBe(article);
    // Recorded for the admin analytics by its length, not its words.
    const handoff = platform.events().find((e) => e.event === CHAT_EVENTS.articleToDecoder);
    expect(handoff?.properties).toMatchObject({ characters: article.length });
    expect(JSON.stringify(handoff)).not.toContain('redevelopment');
  });

  it('opens the decoder from the side panel’s Bias Detection', async () => {
    signIn();
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Bias Detection' }));
    expect(await screen.findByText('The news decoder')).toBeTruthy();
  });
});
