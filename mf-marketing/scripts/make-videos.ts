// Makes the landing page's two self-hosted videos (the decoder demo and the welcome), with their posters and
// caption tracks, from HTML scenes drawn frame by frame in Debian's Chromium and encoded by ffmpeg (WebM/VP9
// and MP4/H.264). The outputs are committed under src/features/landing/media; run this only to change them:
//
//   apt-get install -y ffmpeg chromium
//   node mf-marketing/scripts/make-videos.ts
//
// Both videos are silent; the captions carry what the screen shows, for people who cannot see it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@keisha/config/chromium';
import { webVtt } from '../src/features/landing/domain/video-captions.ts';
import { DECODER_DEMO, WELCOME } from './video-scenes.ts';

const OUT_DIR = path.join(import.meta.dirname, '..', 'src', 'features', 'landing', 'media');
const FPS = 12;
const WIDTH = 960;
const HEIGHT = 540;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const script of [DECODER_DEMO, WELCOME]) {
    const frames = mkdtempSync(path.join(os.tmpdir(), `keisha-video-${script.name}-`));
    try {
      const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
      await page.setContent(script.html);
      const total = Math.round(script.duration * FPS);
      for (let frame = 0; frame < total; frame++) {
        await page.evaluate((t) => (window as unknown as { renderAt: (t: number) => void }).renderAt(t), frame / FPS);
        await page.screenshot({ path: path.join(frames, `frame-${String(frame).padStart(4, '0')}.png`) });
      }
      await page.evaluate((t) => (window as unknown as { renderAt: (t: number) => void }).renderAt(t), script.posterAt);
      const posterPng = path.join(frames, 'poster.png');
      await page.screenshot({ path: posterPng });
      await page.close();

      const input = ['-y', '-framerate', String(FPS), '-i', path.join(frames, 'frame-%04d.png')];
      const base = path.join(OUT_DIR, script.name);
      run('ffmpeg', [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an', `${base}.webm`]);
      run('ffmpeg', [...input, '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'animation', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', `${base}.mp4`]);
      run('ffmpeg', ['-y', '-i', posterPng, '-c:v', 'libwebp', '-quality', '70', `${base}-poster.webp`]);
      writeFileSync(`${base}.en.vtt`, webVtt(script.captions));
      console.log(`${script.name}: ${total} frames at ${FPS} fps`);
    } finally {
      rmSync(frames, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
