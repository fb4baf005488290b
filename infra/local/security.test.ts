import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentDirectives, hashSource, inlineScriptHashes, registryOrigins, secureCookies, styleAttributeValues } from './security.ts';

describe('hashes of what a page carries inline', () => {
  it('hashes text as CSP does: sha256 of its UTF-8 bytes, in base64', () => {
    expect(hashSource('alert(1)')).toBe(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
    expect(hashSource('é')).not.toBe(hashSource('e'));
  });

  it('hashes only the inline scripts of the shell, never one with a src', () => {
    const html = '<script>a()</script><script defer src="/main.js"></script><script>\nb()\n</script>';
    expect(inlineScriptHashes(html)).toEqual([hashSource('a()'), hashSource('\nb()\n')]);
  });

  it('reads style attributes as the browser does, once each', () => {
    expect(styleAttributeValues('<p style="--a:1">x</p><i style="--a:1"></i><b style="content:&quot;&amp;&quot;"></b><u data-style="x"></u>')).toEqual([
      '--a:1',
      'content:"&"',
    ]);
  });
});

describe('the origins of the registry', () => {
  it('takes the http(s) origins of the manifest URLs, once each, and nothing else', () => {
    const registry = JSON.stringify({
      marketing: 'https://cdn.example/marketing/v1/mf-manifest.json',
      decoder: 'https://cdn.example/decoder/v1/mf-manifest.json',
      chat: 'http://localhost:3003/mf-manifest.json',
      account: 'javascript:alert(1)',
      other: 42,
      broken: 'not a url',
    });
    expect(registryOrigins(registry)).toEqual(['http://localhost:3003', 'https://cdn.example']);
  });

  it.each([undefined, '', 'nonsense', '[]', 'null'])('names no origin for %j', (text) => {
    expect(registryOrigins(text)).toEqual([]);
  });
});

describe('the policy of a page', () => {
  const input = { remoteOrigins: ['https://cdn.example'], scriptHashes: ["'sha256-a'"], styleHashes: ["'sha256-b'"], styleAttributeHashes: [], https: false };

  it('allows scripts and styles from the site, the remotes and their hashes only', () => {
    const directives = documentDirectives(input);
    expect(directives['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://cdn.example', "'sha256-a'"]));
    expect(directives['style-src']).toEqual(["'self'", 'https://cdn.example', "'sha256-b'"]);
    expect(Object.values(directives).flat()).not.toContain("'unsafe-inline'");
    expect(Object.values(directives).flat()).not.toContain("'unsafe-eval'");
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['style-src-attr']).toEqual(["'none'"]);
    expect(directives['upgrade-insecure-requests']).toBeUndefined();
  });

  it('allows hashed style attributes, upgrades on https, and the hot-reload sockets of dev servers', () => {
    const directives = documentDirectives({ ...input, styleAttributeHashes: ["'sha256-c'"], https: true, remoteOrigins: ['http://localhost:3001'], hotReload: true });
    expect(directives['style-src-attr']).toEqual(["'unsafe-hashes'", "'sha256-c'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
    expect(directives['connect-src']).toEqual(expect.arrayContaining(['http://localhost:3001', 'ws://localhost:3001']));
  });
});

describe('cookies of an https site', () => {
  it('adds Secure where it is missing, and only there', () => {
    expect(secureCookies(['a=1; HttpOnly', 'b=2; secure', 'c=3'])).toEqual(['a=1; HttpOnly; Secure', 'b=2; secure', 'c=3; Secure']);
    expect(secureCookies('d=4')).toEqual(['d=4; Secure']);
  });
});
