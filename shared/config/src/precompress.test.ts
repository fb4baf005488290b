import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import { PrecompressPlugin } from './precompress.ts';

/** Builds `files` (the first is the entry) with the plugin, in production mode, and lists what was written. */
async function build(files: Record<string, string>): Promise<{ out: string; written: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-precompress-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const out = path.join(dir, 'dist');
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: { main: `./${Object.keys(files)[0]}` },
    output: { path: out, filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new PrecompressPlugin()],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
  return { out, written: readdirSync(out).sort() };
}

// Varied text, as code is: repeated lines would compress too well to tell anything apart.
const lines = Array.from({ length: 400 }, (_, i) => `  "entry ${i} of the list, ${(i * 7919) % 1000} apart",`).join('\n');

describe('PrecompressPlugin', () => {
  it('writes a Brotli and a gzip copy of each large text file that decode to the file itself', async () => {
    const { out, written } = await build({
      'index.js': `console.log([\n${lines}\n]);\nimport('./later.js').then((m) => console.log(m.later));`,
      'later.js': 'export const later = 1;',
    });
    const main = written.find((name) => /^main\.[0-9a-f]{8}\.js$/.test(name))!;
    const original = readFileSync(path.join(out, main));
    expect(original.length).toBeGreaterThan(4096);
    const br = readFileSync(path.join(out, `${main}.br`));
    const gz = readFileSync(path.join(out, `${main}.gz`));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 2);
    // The hashed name is the original's: compressing changes no file and no name.
    expect(written.filter((name) => name.endsWith('.js')).length).toBe(2);
  });

  it('leaves small files alone (they are sent as they are)', async () => {
    const { written } = await build({ 'index.js': 'console.log("a small entry");' });
    expect(written.some((name) => name.endsWith('.br') || name.endsWith('.gz'))).toBe(false);
    expect(written.length).toBeGreaterThan(0);
  });
});
