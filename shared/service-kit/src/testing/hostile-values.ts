// The hostile and malformed values every service's fuzz test sends in each body field (and, as text, in query
// parameters and path ids). Only the few words that make a value plausible for the service differ.

export interface HostileWords {
  /** A value the service might accept in a field: sent inside an array, which no field takes. */
  sample: string;
  /** The service's own table an SQL injection would name. */
  table: string;
  /** Text with a NUL byte inside (shaped like the service's values, e.g. an address). */
  nulByte: string;
}

/** [label, value] pairs: wrong types, empty, oversized (1 MB, 60 KB), odd Unicode, markup, SQL and a NUL byte. */
export function hostileValues({ sample, table, nulByte }: HostileWords): Array<[string, unknown]> {
  return [
    ['null', null],
    ['a number', 42],
    ['a boolean', true],
    ['an array', [sample]],
    ['an object', { $ne: null }],
    ['empty', ''],
    ['1 MB', 'x'.repeat(1024 * 1024)],
    ['60 KB', 'y'.repeat(60 * 1024)],
    ['unicode', '👩🏾‍💻 Ωmega ﷽ \u202e'],
    ['HTML', '<script>alert(1)</script>'],
    ['SQL', `' OR '1'='1'; DROP TABLE ${table}; --`],
    ['a NUL byte', nulByte],
  ];
}

/**
 * Bodies no route can parse, as [label, payload, content-type]: JSON cut short after the route's first field, a JSON
 * array where an object is expected, and XML. A service adds its own (prototype-pollution attempts on its fields).
 */
export function unparsableBodies(firstField: string): Array<[string, string, string]> {
  return [
    ['not JSON', `{"${firstField}":`, 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['XML', '<a/>', 'application/xml'],
  ];
}
