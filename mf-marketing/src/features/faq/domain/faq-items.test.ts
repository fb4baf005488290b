import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq-items.ts';

describe('FAQ_ITEMS', () => {
  it('has twelve questions', () => expect(FAQ_ITEMS).toHaveLength(12));

  it('has unique, id-safe keys and unique questions', () => {
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(12);
    expect(new Set(FAQ_ITEMS.map((item) => item.question)).size).toBe(12);
    for (const item of FAQ_ITEMS) expect(item.id).toMatch(/^[a-z0-9-]+$/);
  });

  it('asks real questions and answers each one', () => {
    for (const item of FAQ_ITEMS) {
      expect(item.question.trim().endsWith('?')).toBe(true);
      expect(item.answer.length).toBeGreaterThan(0);
      for (const paragraph of item.answer) expect(paragraph.trim().length).toBeGreaterThan(40);
    }
  });

  it('never writes a price: prices come from the billing catalogue on /pricing', () => {
    for (const item of FAQ_ITEMS) expect(item.answer.join(' ')).not.toMatch(/[$€£]\s?\d/);
  });

  it('links only to pages of this site', () => {
    for (const item of FAQ_ITEMS.filter((entry) => entry.link)) expect(item.link!.to).toMatch(/^\/(?!\/)/);
  });

  it('says how to cancel a plan yourself, where, and what happens after (issue 28, item 4)', () => {
    const billing = FAQ_ITEMS.find((item) => item.id === 'billing-help')!.answer.join(' ');
    expect(billing).toContain('Cancel plan');
    expect(billing).toContain('Your Account');
    expect(billing).toContain('Settings');
    expect(billing).toContain('Active until');
  });

  it('says the platform targets December, as the spec does', () => {
    expect(FAQ_ITEMS.some((item) => item.answer.join(' ').includes('December'))).toBe(true);
  });

  it('calls the chat assistant open, as /pricing and the landing page do: December is the wider platform', () => {
    const said = FAQ_ITEMS.map((item) => `${item.question} ${item.answer.join(' ')}`).join(' ');
    expect(said).not.toMatch(/chat assistant,? opens? in December|chat assistant open to everyone\?/i);
    expect(said).toContain('the chat assistant to everyone who signs in');
  });
});
