import type { MigrationSet } from '@keisha/service-kit';
import * as createChat from './2026112101_create_chat_sessions_and_messages.ts';
import * as conversationsStatusAndUsage from './2026112102_conversations_status_and_usage.ts';
import * as createReaderDays from './2026112401_create_reader_days.ts';
import * as continueConversation from './2026112601_continue_conversation.ts';
import * as answerLeases from './2026112701_answer_leases.ts';

export const migrations: MigrationSet = {
  '2026112101_create_chat_sessions_and_messages': createChat,
  '2026112102_conversations_status_and_usage': conversationsStatusAndUsage,
  '2026112401_create_reader_days': createReaderDays,
  '2026112601_continue_conversation': continueConversation,
  '2026112701_answer_leases': answerLeases,
};
