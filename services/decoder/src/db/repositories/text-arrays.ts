// Columns of text sent to PostgreSQL as one-dimensional text[] parameters in its binary form: each
// value is its UTF-8 bytes behind their length, so the server reads it without parsing or unescaping
// anything, and the driver sends it without escaping it into an array literal first (the driver sends a
// Buffer parameter as binary). PostgreSQL's array format: dimensions, has-nulls flag, element type,
// then the one dimension's length and lower bound, then each element's length (-1: null) and bytes.
const TEXT_OID = 25;
const HEADER_BYTES = 20;

/** A text value: a string, or text already encoded as UTF-8 (copied as it is), or null. */
export type TextValue = string | Uint8Array | null;

/**
 * Each column as the binary form of a text[] (null elements allowed), all written into one buffer in
 * one pass after measuring the strings once.
 */
export function binaryTextArrays(columns: ReadonlyArray<ReadonlyArray<TextValue>>): Buffer[] {
  let size = 0;
  for (const column of columns) {
    size += HEADER_BYTES;
    for (const value of column) size += 4 + (value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.length);
  }
  const bytes = Buffer.allocUnsafe(size);
  const arrays: Buffer[] = [];
  let at = 0;
  for (const column of columns) {
    const start = at;
    bytes.writeInt32BE(1, at);
    bytes.writeInt32BE(column.includes(null) ? 1 : 0, at + 4);
    bytes.writeInt32BE(TEXT_OID, at + 8);
    bytes.writeInt32BE(column.length, at + 12);
    bytes.writeInt32BE(1, at + 16);
    at += HEADER_BYTES;
    for (const value of column) {
      if (value === null) {
        bytes.writeInt32BE(-1, at);
        at += 4;
      } else {
        let length = value.length;
        if (typeof value === 'string') length = bytes.write(value, at + 4, 'utf8');
        else bytes.set(value, at + 4);
        bytes.writeInt32BE(length, at);
        at += 4 + length;
      }
    }
    arrays.push(bytes.subarray(start, at));
  }
  return arrays;
}
