// The timer behind identity's newsletter, receipts, erasures and housekeeping and the decoder's guest sweep, with real
// timers: it runs on its period, a nudge runs it at once, a nudge during a run makes one more run
// follow it, a failure is logged and the job goes on, stop waits for the run under way, and off means never.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { repeatingJob } from './repeating-job.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done()` (a loaded machine may be slow to fire a timer); fails the test after 10 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited 10 s');
    await sleep(5);
  }
}
const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

describe('a repeating job', () => {
  it('runs first after firstAfterMs, then every everyMs, and not at all once stopped', async () => {
    let runs = 0;
    const job = repeatingJob('count', async () => void (runs += 1), { everyMs: 40, firstAfterMs: 10, log: quiet, enabled: true });
    job.start();
    await until(() => runs >= 2);
    await job.stop();
    const stoppedAt = runs;
    await sleep(100);
    expect(runs).toBe(stoppedAt);
  });

  it('a nudge runs it at once; a nudge during a run makes exactly one more run follow', async () => {
    const started: number[] = [];
    let release: () => void = () => {};
    const job = repeatingJob(
      'slow',
      async () => {
        started.push(Date.now());
        await new Promise<void>((resolve) => (release = resolve));
      },
      { everyMs: 60_000, firstAfterMs: 60_000, log: quiet, enabled: true },
    );
    job.start();
    job.nudge();
    await until(() => started.length === 1);
    job.nudge();
    job.nudge(); // two nudges during one run: one more run, not two
    release();
    await until(() => started.length === 2);
    release();
    await sleep(30);
    expect(started).toHaveLength(2);
    await job.stop();
  });

  it('logs a failed run and runs again; stop waits for the run under way', async () => {
    const errors: string[] = [];
    const log = { error: (_obj: object, msg: string) => errors.push(msg) } as unknown as FastifyBaseLogger;
    let runs = 0;
    let finished = false;
    const job = repeatingJob(
      'flaky',
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
        await sleep(40);
        finished = true;
      },
      { everyMs: 10, firstAfterMs: 0, log, enabled: true },
    );
    job.start();
    await until(() => runs === 2);
    await job.stop();
    expect(errors).toEqual(['flaky failed']);
    expect(runs).toBe(2);
    expect(finished).toBe(true);
  });

  it('off: start and nudge do nothing', async () => {
    let runs = 0;
    const job = repeatingJob('off', async () => void (runs += 1), { everyMs: 10, firstAfterMs: 0, log: quiet, enabled: false });
    job.start();
    job.nudge();
    await sleep(50);
    await job.stop();
    expect(runs).toBe(0);
  });
});
