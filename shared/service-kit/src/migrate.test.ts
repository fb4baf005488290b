import { describe, expect, it } from 'vitest';
import { droppedElsewhere } from './migrate.ts';

describe('droppedElsewhere: a migration read that met another process dropping its schema', () => {
  const missing = (name: string) => Object.assign(new Error(`schema "${name}" does not exist`), { code: '3F000' });

  it('is another schema dropped during the read, which a second read gets past', () => {
    expect(droppedElsewhere(missing('t_other'), 't_ours')).toBe(true);
    expect(droppedElsewhere(missing('t_other'), undefined)).toBe(true);
  });

  it('is not our own schema missing, another error, or a thing that is no error', () => {
    expect(droppedElsewhere(missing('t_ours'), 't_ours')).toBe(false);
    expect(droppedElsewhere(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }), 't_ours')).toBe(false);
    expect(droppedElsewhere(new Error('schema "t_other" does not exist'), 't_ours')).toBe(false);
    expect(droppedElsewhere(null, 't_ours')).toBe(false);
    expect(droppedElsewhere('schema "t_other" does not exist', 't_ours')).toBe(false);
  });
});
