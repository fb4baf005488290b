import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/csp.ts';
import { startStaticServer } from '../../infra/local/static-server.ts';
import { REPO_ROOT } from '../../infra/local/topology.ts';
import { defaultRemotes, resetRemotes, serveCopyOf, startHangingServer, writeRemotes } from './support/remotes.ts';

test.afterEach(() => resetRemotes());

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function expectFallback(page: Page, remote: string) {
  const fallback = page.locator(`[data-remote-fallback="${remote}"]`);
  await expect(fallback).toBeVisible({ timeout: 15_000 });
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  return fallback;
}

test('a remote whose server is stopped shows the fallback there, the others keep working, and Retry recovers', async ({ page }) => {
  const copy = await serveCopyOf('chat');
  writeRemotes({ ...defaultRemotes(), chat: `http://localhost:${copy.port}/mf-manifest.json` });

  await page.goto('/payment-cancelled');
  await expect(page.locator('[data-remote="chat"]')).toBeVisible();

  await copy.close();
  const errors = collectConsoleErrors(page);
  await page.reload();
  const fallback = await expectFallback(page, 'chat');
  expect(errors.some((e) => e.includes('[keisha]') && e.includes('chat'))).toBe(true);

  // The navigation and the other remotes still work in the same page.
  await fallback.getByRole('link', { name: 'News decoder' }).click();
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();

  // The chat remote comes back on the same address: Retry loads it without reloading the page.
  await page.goto('/payment-cancelled');
  await expectFallback(page, 'chat');
  const restarted = await startStaticServer(copy.dir, copy.port);
  try {
    // The fallback also tries again by itself (next test): it may swap the remote in before the click lands.
    await page
      .getByRole('button', { name: 'Retry' })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await expect(page.locator('[data-remote="chat"]')).toBeVisible();
  } finally {
    await restarted.close();
  }
});

test('a remote whose server comes back is swapped in by itself, without Retry or a reload', async ({ page }) => {
  const copy = await serveCopyOf('chat');
  writeRemotes({ ...defaultRemotes(), chat: `http://localhost:${copy.port}/mf-manifest.json` });
  await copy.close();

  await page.goto('/payment-cancelled');
  await expectFallback(page, 'chat');
  let reloads = 0;
  page.on('load', () => reloads++);

  const restarted = await startStaticServer(copy.dir, copy.port);
  try {
    await expect(page.locator('[data-remote="chat"]')).toBeVisible({ timeout: 40_000 });
    await expect(page.locator('[data-remote-fallback="chat"]')).toHaveCount(0);
    await expect(page.locator('[data-remote="chat"]').getByText('You have not been charged')).toBeVisible();
    expect(reloads).toBe(0);
  } finally {
    await restarted.close();
  }
});

test('a remote that never answers falls back after the load timeout', async ({ page }) => {
  const hanging = await startHangingServer();
  try {
    writeRemotes({ ...defaultRemotes(), decoder: `http://localhost:${hanging.port}/mf-manifest.json` });
    const started = Date.now();
    await page.goto('/bias-detection');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expectFallback(page, 'decoder');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(7_500);
    expect(waited).toBeLessThan(14_000);
    await page.goto('/about');
    await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  } finally {
    await hanging.close();
  }
});

test('a missing manifest shows the fallback for that remote only', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  writeRemotes({ ...defaultRemotes(), account: 'http://localhost:3704/no-such-folder/mf-manifest.json' });
  await page.goto('/admin');
  await expectFallback(page, 'account');
  expect(errors.some((e) => e.includes('account'))).toBe(true);
  await page.goto('/bias-detection');
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
});

test('a remote whose entry throws shows the fallback, with a console error', async ({ page }) => {
  const copy = await serveCopyOf('decoder');
  try {
    writeFileSync(path.join(copy.dir, 'remoteEntry.js'), 'throw new Error("decoder entry exploded");\n');
    // The build's compressed copies of the file go with it, or the server would still send the old entry.
    for (const copyOfEntry of ['remoteEntry.js.br', 'remoteEntry.js.gz']) rmSync(path.join(copy.dir, copyOfEntry), { force: true });
    writeRemotes({ ...defaultRemotes(), decoder: `http://localhost:${copy.port}/mf-manifest.json` });
    const errors = collectConsoleErrors(page);
    await page.goto('/bias-detection');
    await expectFallback(page, 'decoder');
    expect(errors.some((e) => e.includes('decoder'))).toBe(true);
    await page.goto('/');
    await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  } finally {
    await copy.close();
  }
});

for (const [label, content] of [
  ['not JSON', '{"marketing": "http://localhost:3701/mf-manifest.json", '],
  ['an array', '["marketing"]'],
  ['a script URL', JSON.stringify({ ...defaultRemotes(), marketing: 'javascript:alert(1)' })],
] as const) {
  test(`a remotes.json that is ${label} still renders the shell with fallbacks and a console error`, async ({ page }) => {
    writeRemotes(content);
    const errors = collectConsoleErrors(page);
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });
    await page.goto('/');
    await expectFallback(page, 'marketing');
    expect(errors.some((e) => e.includes('remotes.json'))).toBe(true);
    expect(dialogs).toBe(0);
    // Navigation from the fallback still works.
    await page.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
}

test('re-pointing /remotes.json at a rebuilt remote is picked up on reload, with no shell rebuild or restart', async ({ page }) => {
  // Build the decoder again into a new folder, as its team would deploy a new version.
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-decoder-rebuild-'));
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'], {
    cwd: path.join(REPO_ROOT, 'mf-decoder'),
    env: { ...process.env, KEISHA_OUT_DIR: outDir, KEISHA_BUILD_LABEL: 'rebuilt' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  const server = await startStaticServer(outDir, 0);
  try {
    await page.goto('/bias-detection');
    await expect(page.locator('[data-remote="decoder"]')).toBeVisible();

    writeRemotes({ ...defaultRemotes(), decoder: `http://localhost:${server.port}/mf-manifest.json` });
    const fromRebuild: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://localhost:${server.port}/`)) fromRebuild.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
    await expect(page.getByText('Ready to Analyze')).toBeVisible();
    expect(fromRebuild).toContain('/mf-manifest.json');
    expect(fromRebuild).toContain('/remoteEntry.js');
  } finally {
    await server.close();
  }
});
