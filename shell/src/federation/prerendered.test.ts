// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { dropPrerendered, hasPrerendered } from './prerendered.ts';

describe('prerendered page hand-over', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<title>Keisha | Pricing</title><meta name="viewport" content="x">' +
      '<meta name="description" content="pricing" data-prerendered><link rel="canonical" href="/pricing" data-prerendered>';
    document.body.innerHTML = '<div id="keisha-prerender"><h1>Pricing</h1></div><div id="root"></div>';
  });

  it('sees the prerendered page until it is dropped, then removes it with the head tags it brought', () => {
    expect(hasPrerendered()).toBe(true);
    dropPrerendered();
    expect(hasPrerendered()).toBe(false);
    expect(document.getElementById('root')).not.toBeNull();
    expect(document.head.querySelectorAll('[data-prerendered]')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
    dropPrerendered(); // a second remote taking over finds nothing left to remove
    expect(hasPrerendered()).toBe(false);
  });
});
