// `npm start` (and `npm run dev`): build what is not built, start everything, print one URL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { acquireLauncherLock } from './launcher-lock.ts';
import { dataDirOf, REPO_ROOT } from './topology.ts';
import { budgetsFromEnv, type UpstreamBudgetOptions } from './upstream-budgets.ts';

// The launcher's console is best effort: a closed terminal or output redirected to a full disk must not stop the site.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const args = process.argv.slice(2);
const dev = args.includes('--dev');
// `--replicas N` (or `--replicas=N`, or KEISHA_REPLICAS): N processes of each service behind the edge (platform.ts).
const replicasAt = args.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
const replicasInline = replicasAt >= 0 && args[replicasAt]!.includes('=');
const replicasText = replicasAt < 0 ? process.env.KEISHA_REPLICAS : replicasInline ? args[replicasAt]!.split('=')[1] : args[replicasAt + 1];
const replicas = replicasText === undefined || replicasText.trim() === '' ? 1 : Number(replicasText);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
  console.error(`--replicas (KEISHA_REPLICAS) must be a whole number from 1 to 8, got "${replicasText}"`);
  process.exit(1);
}
const devApps = args.filter((a, i) => !a.startsWith('--') && !(replicasAt >= 0 && !replicasInline && i === replicasAt + 1));
const basePort = Number(process.env.KEISHA_PORT ?? 3000);
if (!Number.isInteger(basePort) || basePort < 1 || basePort > 60_000) {
  console.error(`KEISHA_PORT must be a port number, got "${process.env.KEISHA_PORT}"`);
  process.exit(1);
}
let budgets: UpstreamBudgetOptions;
try {
  budgets = budgetsFromEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Before building anything: a second launcher on the same data folder would rebuild under the first one's feet.
const dataDir = dataDirOf(process.env.KEISHA_DATA_DIR);
const siteUrl = `http://localhost:${basePort}`;
const lock = acquireLauncherLock(dataDir, siteUrl);
if (lock.kind === 'held') {
  const { pid, url } = lock.holder;
  console.error(`Keisha is already running (pid ${pid}) at ${url}; stop it first (Ctrl-C where it runs, or kill ${pid}).`);
  process.exit(1);
}
if (lock.kind === 'unavailable') {
  console.log(`! The launcher lock cannot be kept in ${dataDir} (${lock.reason}); starting anyway, but a second launcher there would not be noticed.`);
} else {
  process.on('exit', lock.release);
}

// Turbo rebuilds only the apps whose sources changed since their last build (it caches the rest).
const turbo = path.join(REPO_ROOT, 'node_modules', '.bin', 'turbo');
console.log('Building the apps (cached when unchanged)...');
const build = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed; see the errors above.');
  process.exit(build.status ?? 1);
}

// Loaded only now (the gateway and its plugins take a while to load): a second launcher is told at once.
const { startPlatform } = await import('./platform.ts');
// One embedded PostgreSQL for all services unless DATABASE_URL names one (embedded-database.ts).
const { databaseForServices } = await import('./platform-database.ts');
let database: Awaited<ReturnType<typeof databaseForServices>>;
try {
  database = await databaseForServices({ dataDir, basePort, env: process.env });
} catch (error) {
  console.error(`Could not start the embedded database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`Database: ${database.description}`);
const apps = dev ? (devApps.length > 0 ? devApps : ['mf-marketing', 'mf-decoder', 'mf-chat', 'mf-account']) : [];
// `npm run dev` only: maildev catches the site's mail when the dev-only package is installed (dev-mail.ts).
let devMail: import('./dev-mail.ts').DevMail | null = null;
if (dev) {
  const { devMailPlan, findMaildev, startDevMail } = await import('./dev-mail.ts');
  try {
    devMail = await startDevMail(devMailPlan({ basePort, env: process.env, maildevBin: findMaildev() }), (line) => console.log(line));
  } catch (error) {
    await database.stop();
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
console.log('Starting services and remotes...');
let platform: Awaited<ReturnType<typeof startPlatform>>;
try {
  platform = await startPlatform({
    basePort,
    dataDir,
    ...budgets,
    devApps: apps,
    watchServices: dev,
    serviceLogs: process.env.KEISHA_SERVICE_LOGS === 'console' ? 'console' : 'file',
    replicas,
    serviceEnv: { ...database.serviceEnv, ...devMail?.serviceEnv },
  });
} catch (error) {
  await devMail?.stop();
  await database.stop();
  console.error(`Could not start Keisha: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`\nKeisha is running at ${platform.url}${replicas > 1 ? ` (${replicas} replicas of each service)` : ''}\n`);
if (dev) console.log(`Hot reload: ${apps.join(', ')}; services restart on change. Logs: ${path.join(platform.dataDir, 'logs')}`);
if (devMail) console.log(devMail.description);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Keisha...`);
  await platform.stop();
  await devMail?.stop();
  await database.stop();
  console.log('Stopped. Data is kept in', platform.dataDir);
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
