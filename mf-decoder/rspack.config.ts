import { createAppConfig } from '@keisha/config/rspack';

export default (env: { mode?: string } = {}) =>
  createAppConfig(
    {
      name: 'decoder',
      dir: import.meta.dirname,
      port: 3002,
      exposes: { './App': './src/App.tsx' },
    },
    env,
  );
