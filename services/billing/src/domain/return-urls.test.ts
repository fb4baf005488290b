import { describe, expect, it } from 'vitest';
import { absoluteUrl, checkReturnUrl, normaliseOrigins, originOf, withCheckoutReference } from './return-urls.ts';

const allowed = normaliseOrigins(['https://keisha.example/', 'http://localhost:3000', 'not a url', 'ftp://files.example']);

describe('return URL allow-list', () => {
  it('normalises the allow-list to origins', () => {
    expect(allowed).toEqual(['https://keisha.example', 'http://localhost:3000']);
  });

  it('accepts same-site paths, keeping their query and fragment', () => {
    expect(checkReturnUrl('/payment/success', allowed)).toEqual({ ok: true, url: '/payment/success', relative: true });
    expect(checkReturnUrl(' /payment-success?session_id={CHECKOUT_SESSION_ID}#top ', allowed)).toEqual({
      ok: true,
      url: '/payment-success?session_id={CHECKOUT_SESSION_ID}#top',
      relative: true,
    });
    expect(checkReturnUrl('/a/../payment/cancel', allowed)).toMatchObject({ ok: true, url: '/payment/cancel' });
  });

  it('accepts absolute URLs on an allowed origin only', () => {
    expect(checkReturnUrl('https://keisha.example/payment/success', allowed)).toMatchObject({ ok: true, relative: false });
    expect(checkReturnUrl('http://localhost:3000/payment/cancel', allowed)).toMatchObject({ ok: true });
    for (const url of [
      'https://evil.example/payment/success',
      'https://keisha.example.evil.example/',
      'https://keisha.example@evil.example/',
      'https://user:pass@keisha.example/',
      'http://keisha.example/payment/success',
      'https://keisha.example:8443/',
    ]) {
      expect(checkReturnUrl(url, allowed), url).toEqual({ ok: false });
    }
  });

  it('refuses every open-redirect trick', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/pay\u0000ment',
      '/pay ment',
      '/\tevil',
      'evil.example',
      '',
      '   ',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(checkReturnUrl(url, allowed), JSON.stringify(url)).toEqual({ ok: false });
    }
  });

  it('puts the checkout id into the placeholder, or adds it as a parameter', () => {
    expect(withCheckoutReference('/payment-success?session_id={CHECKOUT_SESSION_ID}', 'session_id', 'abc')).toBe('/payment-success?session_id=abc');
    expect(withCheckoutReference('/x/%7BSUBSCRIPTION_ID%7D', 'subscription_id', 'abc')).toBe('/x/abc');
    expect(withCheckoutReference('/payment/success', 'subscription_id', 'abc')).toBe('/payment/success?subscription_id=abc');
    expect(withCheckoutReference('/payment/success?subscription_id=mine#x', 'subscription_id', 'abc')).toBe('/payment/success?subscription_id=mine#x');
    expect(withCheckoutReference('https://keisha.example/ok?a=1', 'session_id', 'abc')).toBe('https://keisha.example/ok?a=1&session_id=abc');
  });

  it('makes absolute URLs for providers and names the origin a page must allow', () => {
    expect(absoluteUrl('/payment/success?x=1', 'https://keisha.example')).toBe('https://keisha.example/payment/success?x=1');
    expect(absoluteUrl('https://keisha.example/ok', 'http://localhost:3000')).toBe('https://keisha.example/ok');
    expect(originOf('/payment/success')).toBeNull();
    expect(originOf('https://keisha.example/ok')).toBe('https://keisha.example');
  });
});
