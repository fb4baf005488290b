// node shared/service-kit/scripts/tracing-overhead.ts
//
// Prints the CPU time that request tracing adds per request in a service with export off (the default): read
// the caller's traceparent, start a non-recording span, bind its ids into the request logger, enter its context,
// write a traceparent for one outgoing call, end the span. Beside it, in the same run, the request logger alone.
// The decoder's HTTP bench (npm run bench:decoder -- --http-only) cannot resolve a few microseconds on a shared
// machine; this isolates them. Figures, no pass/fail.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { context, createTracing, extractTraceContext, SpanKind, traceHeadersOf, traceIdsOf } from '@keisha/telemetry';

const tracing = createTracing({ serviceName: 'overhead' });
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const logger = Fastify({ logger: { level: 'info', stream: discard } }).log;
const headers = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00', host: 'decoder:4002' };
const REQUESTS = 200_000;

function loggerOnly() {
  return logger.child({ requestId: 'a' });
}

function traced() {
  const { span, context: requestContext } = tracing.startSpan('POST', SpanKind.SERVER, extractTraceContext(headers));
  const child = logger.child({ requestId: 'a', ...traceIdsOf(span) });
  context.with(requestContext, () => traceHeadersOf(context.active()));
  span.end();
  return child;
}

function microsecondsPerRequest(run: () => unknown): number {
  for (let i = 0; i < 20_000; i++) run();
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

for (let round = 1; round <= 3; round++) {
  const plain = microsecondsPerRequest(loggerOnly);
  const withTracing = microsecondsPerRequest(traced);
  console.log(`round ${round}: request logger alone ${plain.toFixed(2)} µs CPU, with tracing ${withTracing.toFixed(2)} µs (+${(withTracing - plain).toFixed(2)} µs per request)`);
}
