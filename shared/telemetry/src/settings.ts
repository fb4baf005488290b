// The tracing settings of a process, from the standard OpenTelemetry variables. Every process (the edge and
// each service) reads the same three, so one ConfigMap entry turns export on everywhere.
import { z } from 'zod';

const otlpUrl = z.url({ protocol: /^https?$/ });

/** Merged into the edge's and every service's configuration schema. */
export const tracingEnvShape = {
  /** An OTLP/HTTP collector's base URL (`http://otel-collector:4318`): traces go to `<it>/v1/traces`. Unset: nothing is exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl.optional(),
  /** The traces URL itself, used as is; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl.optional(),
  /** With export on, the share of new traces recorded (0 to 1); a continued trace follows its caller's decision. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

export interface TracingSettings {
  /** Where spans are sent (OTLP over HTTP, JSON); undefined: spans are not recorded, only their ids passed on and logged. */
  exportUrl?: string;
  /** Share of new traces recorded when exporting. */
  sampleRatio: number;
}

type TracingEnv = { [K in keyof typeof tracingEnvShape]?: z.output<(typeof tracingEnvShape)[K]> };

/** The export URL as the OpenTelemetry specification builds it: the per-signal URL as is, else `<endpoint>/v1/traces`. */
export function tracingSettingsFrom(config: TracingEnv): TracingSettings {
  const { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: tracesUrl, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } = config;
  const exportUrl = tracesUrl ?? (endpoint ? `${endpoint.replace(/\/+$/, '')}/v1/traces` : undefined);
  return { exportUrl, sampleRatio: config.OTEL_TRACES_SAMPLER_ARG ?? 1 };
}

/** The settings from a process environment (`NAME=` counts as unset); a malformed variable is named in the error. */
export function tracingSettingsFromEnv(env: NodeJS.ProcessEnv): TracingSettings {
  const present = Object.fromEntries(Object.keys(tracingEnvShape).map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const result = z.object(tracingEnvShape).safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid tracing configuration: ${problems.join('; ')}`);
  }
  return tracingSettingsFrom(result.data);
}
