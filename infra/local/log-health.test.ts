// What the launcher decides when a log file cannot be written: drop, say it once, try again, say once it works.
import { describe, expect, it } from 'vitest';
import { afterDrop, afterFailure, afterWrite, LOG_RETRY_MS, reasonOf, shouldReopen, WRITING } from './log-health.ts';

const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const eio = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });

describe('a log file that cannot be written', () => {
  it('is said once, with the reason, however many writes fail', () => {
    const first = afterFailure(WRITING, 'service:chat', enospc, 1000, 120);
    expect(first.say).toBe(
      '! logs for service:chat cannot be written (ENOSPC: no space left on device); dropping them until they can be, trying again every 5 s',
    );
    expect(first.health).toEqual({ kind: 'failing', since: 1000, droppedBytes: 120, retryAt: 1000 + LOG_RETRY_MS });
    const again = afterFailure(first.health, 'service:chat', eio, 7000, 30);
    expect(again.say).toBeUndefined();
    // The outage still began at the first failure; the next try is counted from the last.
    expect(again.health).toEqual({ kind: 'failing', since: 1000, droppedBytes: 150, retryAt: 12_000 });
  });

  it('drops output meanwhile and counts it, and drops nothing while writing', () => {
    const failing = afterFailure(WRITING, 'service:chat', enospc, 0).health;
    expect(afterDrop(afterDrop(failing, 1000), 24)).toMatchObject({ droppedBytes: 1024 });
    expect(afterDrop(WRITING, 1000)).toBe(WRITING);
  });

  it('is opened again once the retry is due, not before', () => {
    const failing = afterFailure(WRITING, 'service:chat', enospc, 0, 0, 200).health;
    expect(shouldReopen(failing, 199)).toBe(false);
    expect(shouldReopen(failing, 200)).toBe(true);
    expect(shouldReopen(WRITING, 10_000)).toBe(false);
  });

  it('is said to work again once, with how long and how much was lost', () => {
    let health = afterFailure(WRITING, 'service:decoder', enospc, 0, 0).health;
    health = afterDrop(health, 35 * 1024);
    // A write queued before the failure that completes after it is no sign the disk has room.
    expect(afterWrite(health, 'service:decoder', 10).say).toBeUndefined();
    const back = afterWrite(health, 'service:decoder', 12_400);
    expect(back.say).toBe('logs for service:decoder are written again, after 12 s (35 KB dropped meanwhile)');
    expect(back.health).toBe(WRITING);
    expect(afterWrite(back.health, 'service:decoder', 13_000).say).toBeUndefined();
  });

  it('names the reason as the system does, without the call that failed', () => {
    expect(reasonOf(enospc)).toBe('ENOSPC: no space left on device');
    expect(reasonOf(Object.assign(new Error("EACCES: permission denied, open '/x/chat.log'"), { code: 'EACCES' }))).toBe('EACCES: permission denied');
    expect(reasonOf(new Error('the disk is not keeping up (4 MB waiting)'))).toBe('the disk is not keeping up (4 MB waiting)');
    expect(reasonOf({ code: 'EIO' })).toBe('EIO');
    expect(reasonOf(undefined)).toBe('unknown error');
  });
});
