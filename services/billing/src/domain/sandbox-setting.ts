// Whether the built-in sandbox provider runs. It grants any plan without money moving, so a deployment never gets
// it by default: unset, it is on for a local or test run and off with NODE_ENV=production; asked for by name in
// production (a staging site, the local launcher), it runs, and says so loudly at every start. Pure.

export type SandboxSwitch = 'on' | 'off';

export const SANDBOX_VARIABLE = 'PAYMENTS_SANDBOX';

export const PRODUCTION_SANDBOX_WARNING =
  `${SANDBOX_VARIABLE}=on with NODE_ENV=production: the sandbox payment provider is ON, so anyone can get any plan ` +
  `without paying. Fine for a local or staging run; for a real deployment set ${SANDBOX_VARIABLE}=off or leave it unset.`;

export interface SandboxSetting {
  on: boolean;
  /** What to say at start, when the setting is dangerous where it runs. */
  warning: string | null;
}

export function sandboxSetting(value: SandboxSwitch | undefined, nodeEnv: string | undefined): SandboxSetting {
  const production = nodeEnv === 'production';
  const on = value === undefined ? !production : value === 'on';
  return { on, warning: production && on ? PRODUCTION_SANDBOX_WARNING : null };
}
