// When the launcher's per-service log file is rotated, and what goes on each side. The file is cut at a line's
// end once it holds `maxBytes` (a JSON log line is never split between two files); `name.log` becomes
// `name.log.1`, `.1` becomes `.2`, and so on up to `keep` files, the oldest dropped. So a service's logs on disk
// stay under about (keep + 1) x maxBytes whatever it prints: 40 MB with the defaults. Pure.

/** The size at which a log file is rotated (at the next line's end). */
export const LOG_MAX_BYTES = 10 * 1024 * 1024;
/** Rotated files kept besides the one written. */
export const LOG_KEEP_FILES = 3;

export interface RotationSplit {
  /** What still goes into the current file (up to and including the line's end). */
  before: Buffer;
  /** What goes into the new file after rotating; null: no rotation now. */
  after: Buffer | null;
}

/**
 * Where a chunk of output meets the limit: a file of `size` bytes takes the chunk whole while under `maxBytes`;
 * once at or past it, the rest of the current line still goes in, and what follows goes to a new file. A chunk
 * without a line's end goes in whole (the line is not over yet).
 */
export function splitForRotation(size: number, chunk: Buffer, maxBytes: number): RotationSplit {
  if (size + chunk.length <= maxBytes) return { before: chunk, after: null };
  // Where the file reaches its limit inside this chunk (0 when it already has).
  const from = Math.max(0, maxBytes - size);
  const lineEnd = chunk.indexOf(0x0a, Math.max(0, from - 1));
  if (lineEnd === -1) return { before: chunk, after: null };
  return { before: chunk.subarray(0, lineEnd + 1), after: chunk.subarray(lineEnd + 1) };
}

/** The names a file's rotation moves, oldest first: `[from, to]` pairs (`x.log.2 -> x.log.3`, ..., `x.log -> x.log.1`). */
export function rotationMoves(file: string, keep: number): Array<[string, string]> {
  const moves: Array<[string, string]> = [];
  for (let n = keep - 1; n >= 1; n--) moves.push([`${file}.${n}`, `${file}.${n + 1}`]);
  if (keep >= 1) moves.push([file, `${file}.1`]);
  return moves;
}
