import path from 'node:path';
import { createAppConfig } from '@keisha/config/rspack';

export default (env: { mode?: string } = {}) =>
  createAppConfig(
    {
      name: 'shell',
      dir: import.meta.dirname,
      port: 3010, // the dev server of the shell; it proxies /api and /remotes.json to the gateway on 3000
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/plugins/timeout-retry.ts')],
    },
    env,
  );
