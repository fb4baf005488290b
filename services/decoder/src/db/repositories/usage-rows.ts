// The rows the usage repository and its group commit both write: a history entry and a day's counter.

/** A finished analysis as it is kept in the account's history. */
export interface HistoryEntry {
  user_id: string;
  title: string;
  score: number;
  term_count: number;
  text: string;
  /** The analysis as shown, as UTF-8 JSON (the same bytes as in the answer's body). */
  result: Uint8Array;
}

/** One counter: a subject (user:<id>, ip:<address>, device:<id>) on its own day (see reader_days). */
export interface Counter {
  subject: string;
  day: string;
}
