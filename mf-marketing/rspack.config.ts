import { createAppConfig } from '@keisha/config/rspack';

export default (env: { mode?: string } = {}) =>
  createAppConfig(
    {
      name: 'marketing',
      dir: import.meta.dirname,
      port: 3001,
      exposes: { './App': './src/App.tsx' },
    },
    env,
  );
