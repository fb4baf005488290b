// Which message a regenerate answers again: the conversation's last message from the person, and the answers
// after it that the new answer replaces. Pure: rows in, the target or why there is none out.

export interface ConversationRow {
  user_prompt: string | null;
  ai_response: string | null;
}

export type RegenerationTarget<Row> =
  | { kind: 'target'; lastUser: number; after: Row[] }
  /** No message from the person to answer. */
  | { kind: 'nothing-to-regenerate' }
  /** An answer after it is still being written. */
  | { kind: 'reply-in-progress' };

export function regenerationTarget<Row extends ConversationRow>(rows: readonly Row[], inProgress: (row: Row) => boolean): RegenerationTarget<Row> {
  const lastUser = rows.findLastIndex((row) => row.user_prompt !== null && row.ai_response === null);
  if (lastUser === -1) return { kind: 'nothing-to-regenerate' };
  const after = rows.slice(lastUser + 1);
  if (after.some(inProgress)) return { kind: 'reply-in-progress' };
  return { kind: 'target', lastUser, after };
}
