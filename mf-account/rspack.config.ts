import { createAppConfig } from '@keisha/config/rspack';

export default (env: { mode?: string } = {}) =>
  createAppConfig(
    {
      name: 'account',
      dir: import.meta.dirname,
      port: 3004,
      exposes: { './App': './src/App.tsx' },
    },
    env,
  );
