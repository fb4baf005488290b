// Makes sure Debian's Chromium is present for the browser tests: installs it when running as root,
// otherwise stops with the exact command to run.
import { spawnSync } from 'node:child_process';
import { chromiumInstalled, chromiumPath } from '@keisha/config/chromium';

if (!chromiumInstalled()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium is not installed; installing Debian\'s chromium package (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0 || !chromiumInstalled()) {
      console.error('Installing Chromium failed. Install it by hand: apt-get update && apt-get install -y chromium');
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${chromiumPath()} (or set CHROMIUM_PATH).\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
}
