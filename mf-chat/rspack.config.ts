import { createAppConfig } from '@keisha/config/rspack';

export default (env: { mode?: string } = {}) =>
  createAppConfig(
    {
      name: 'chat',
      dir: import.meta.dirname,
      port: 3003,
      exposes: { './App': './src/App.tsx' },
    },
    env,
  );
