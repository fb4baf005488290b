import { describe, expect, it } from 'vitest';
import { KNOWLEDGE, TOPIC_NAMES, type TopicId } from './index.ts';
import { passagesFrom } from './types.ts';

describe('the offline library', () => {
  it('has well-formed, unique passages on every topic', () => {
    const ids = new Set<string>();
    const titles = new Set<string>();
    for (const passage of KNOWLEDGE) {
      expect(ids.has(passage.id), passage.id).toBe(false);
      expect(titles.has(passage.title), passage.title).toBe(false);
      ids.add(passage.id);
      titles.add(passage.title);
      expect(passage.id.startsWith(`${passage.topic}/`)).toBe(true);
      expect(passage.text.length, passage.id).toBeGreaterThan(250);
      expect(passage.text.length, passage.id).toBeLessThan(1100);
      expect(passage.text).not.toMatch(/\s{2,}|\n/);
      for (const keyword of passage.keywords) expect(keyword).toBe(keyword.toLowerCase());
    }
    for (const topic of Object.keys(TOPIC_NAMES) as TopicId[]) {
      expect(KNOWLEDGE.filter((p) => p.topic === topic).length, topic).toBeGreaterThanOrEqual(3);
    }
  });

  it('sources every passage: public work for facts, the product’s own pages for the product', () => {
    for (const passage of KNOWLEDGE) {
      expect(passage.sources.length, passage.id).toBeGreaterThan(0);
      for (const source of passage.sources) {
        expect(source.title.length).toBeGreaterThan(3);
        if (passage.topic === 'keisha') expect(source.url).toMatch(/^\//);
        else expect(source.url, passage.id).toMatch(/^(https:\/\/[a-z0-9.-]+\.[a-z]{2,}\/|\/bias-detection$)/);
      }
    }
    const external = KNOWLEDGE.filter((p) => p.topic !== 'keisha' && p.topic !== 'decoder');
    for (const passage of external) expect(passage.sources.some((s) => s.url.startsWith('https://')), passage.id).toBe(true);
  });

  it('refuses a data file with a malformed passage, naming the file and the field', () => {
    const good = KNOWLEDGE.find((p) => p.topic === 'keisha')!;
    expect(passagesFrom('keisha.json', [good])).toEqual([good]);
    expect(() => passagesFrom('keisha.json', [{ ...good, topic: 'weather' }])).toThrow(/keisha\.json: 0\.topic/);
    expect(() => passagesFrom('keisha.json', [{ ...good, sources: [] }])).toThrow(/keisha\.json: 0\.sources/);
    expect(() => passagesFrom('keisha.json', [{ ...good, id: 'decoder/who' }])).toThrow(/id must start with its topic/);
    expect(() => passagesFrom('keisha.json', [{ ...good, note: 'extra' }])).toThrow(/keisha\.json/);
    expect(() => passagesFrom('keisha.json', { passages: [good] })).toThrow(/keisha\.json/);
  });
});
