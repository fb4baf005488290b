// Who is writing each streaming answer, so that an answer whose process is gone costs nothing and can be
// regenerated. Every answer is written (with its message counted) holding a lease: until when its process
// vouches for it. While the answer streams, its process renews the lease every third of its length; when the
// answer ends, its process saves it (and gives its message back if it failed) and stops renewing. An answer
// still marked streaming after its lease ran out was abandoned: its process crashed or was killed, or lost its
// database while saving it. A sweep, in every process, at start and every third of a lease, marks such answers
// failed and gives their messages back (streaming-answers.ts: once, however many processes sweep at a time).
//
// A restarted process need not wait for the lease: it knows its instance (host and port, or CHAT_INSTANCE_NAME,
// the same across restarts), and once it serves that address no earlier process of the instance can still be
// running, so their answers are failed at once. Another replica's answers are left alone while their lease holds.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../db/database.ts';
import { streamingAnswersRepository, type AnswerHolder, type DeadAnswer } from '../db/repositories/streaming-answers.ts';
import { isLiveStream, type StoredMessage, type StreamOwner } from '../domain/conversation.ts';

/** Answers failed per transaction of a sweep. */
const SWEEP_BATCH = 500;

/** The instance a process is by default: its host and port (two running processes cannot serve the same one). */
export function defaultInstanceName(port: number): string | undefined {
  return port === 0 ? undefined : `${os.hostname()}:${port}`;
}

interface Log {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface AnswerLeasesOptions {
  db: Kysely<ChatDatabase>;
  log: Log;
  /** How long an answer counts as being written without its process renewing the lease. */
  leaseMs: number;
  /** This instance's name; without one (a process on a random port), nothing is known of earlier processes. */
  instance?: string;
}

export function createAnswerLeases({ db, log, leaseMs, instance }: AnswerLeasesOptions) {
  const answers = streamingAnswersRepository(db);
  const processId = randomUUID();
  const holder: AnswerHolder = { instance: instance ?? `unnamed:${processId}`, process: processId, leaseMs };
  /** Set once this process serves its instance's address: earlier processes of the instance are gone. */
  let self: StreamOwner | undefined;
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let failing = false;

  async function sweep(sessionId?: string): Promise<DeadAnswer[]> {
    const dead: DeadAnswer[] = [];
    for (;;) {
      const batch = await answers.failDead({ self, sessionId, limit: SWEEP_BATCH });
      dead.push(...batch);
      if (batch.length < SWEEP_BATCH) return dead;
    }
  }

  async function sweepAndTell(): Promise<void> {
    const dead = await sweep();
    if (dead.length > 0) {
      log.warn({ answers: dead.length, ids: dead.slice(0, 20).map((d) => d.id) }, 'answers whose process stopped while writing them were marked failed and their messages given back');
    }
  }

  async function tick(): Promise<void> {
    try {
      await answers.renew([...held], leaseMs);
      await sweepAndTell();
      if (failing) log.warn({}, 'answer leases renewed and swept again');
      failing = false;
    } catch (error) {
      // The database is unreachable: the next tick tries again (an abandoned answer waits for it).
      if (!failing) log.warn({ err: error }, 'could not renew or sweep answer leases; trying again at the next tick');
      failing = true;
    }
  }

  const tickOnce = () => {
    ticking ??= tick().finally(() => (ticking = undefined));
    return ticking;
  };

  return {
    /** Who writes this process's answers, and the lease they start with. */
    holder,

    /** Renews the answer's lease until the returned function is called (when the answer is saved, or could not be). */
    hold(answerId: string): () => void {
      held.add(answerId);
      return () => held.delete(answerId);
    },

    /** Whether an answer marked streaming may still be being written (by this process or a live one). */
    isLive(row: Pick<StoredMessage, 'status' | 'created_at' | 'lease_until' | 'stream_instance' | 'stream_process'>, now = new Date()): boolean {
      return isLiveStream(row, now, self);
    },

    /** Fails the conversation's abandoned answers and gives their messages back (before regenerating in it). */
    sweepConversation(sessionId: string): Promise<DeadAnswer[]> {
      return sweep(sessionId);
    },

    /** Runs one renewal and sweep now (tests; the timer does it otherwise). */
    tick: tickOnce,

    /** Renews and sweeps now and every third of a lease. */
    start(): void {
      if (timer) return;
      void tickOnce();
      timer = setInterval(() => void tickOnce(), Math.max(1, Math.floor(leaseMs / 3)));
      timer.unref();
    },

    /**
     * This process now serves its instance's address: answers of earlier processes of the instance are failed
     * now, without waiting for their leases (and count as dead to `isLive` from this moment).
     */
    async claim(): Promise<void> {
      if (instance === undefined) return;
      self = { instance: holder.instance, process: holder.process };
      try {
        await sweepAndTell();
      } catch (error) {
        log.warn({ err: error }, 'could not sweep the answers of earlier processes at start; the next tick tries again');
      }
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await ticking;
    },
  };
}
export type AnswerLeases = ReturnType<typeof createAnswerLeases>;
