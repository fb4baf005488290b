// The mail component: outbox, delivery and verification links, started and stopped with the app.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ServiceApp } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';
import { createMailDelivery, type DeliveryPolicy } from './delivery.ts';
import { outboxRepository } from './outbox.ts';
import { createMailRetention, type RetentionPolicy } from './retention.ts';
import { createMailTransport } from './transport.ts';
import { createVerification, type VerificationPolicy } from './verification.ts';

export interface MailConfig {
  from: string;
  smtpUrl?: string;
  /** The service's data folder: messages kept as files go to its sibling `mail/` (.data/mail with the launcher). */
  dataDir: string;
  mailDir?: string;
  delivery: DeliveryPolicy;
  verification: VerificationPolicy;
  retention: RetentionPolicy;
}

export function mailFolderFor(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), 'mail');
}

export function createMail(app: ServiceApp, db: Kysely<IdentityDatabase>, config: MailConfig) {
  const outbox = outboxRepository(db);
  const transport = createMailTransport({ from: config.from, smtpUrl: config.smtpUrl, mailDir: config.mailDir ?? mailFolderFor(config.dataDir), leaseMs: config.delivery.leaseMs });
  const delivery = createMailDelivery(outbox, transport, config.delivery, app.log);
  const verification = createVerification(db, outbox, config.verification);
  const retention = createMailRetention(outbox, config.retention, app.log);
  app.addHook('onReady', async () => {
    app.log.info({ mail: transport.description }, 'mail outbox delivering');
    delivery.start();
    retention.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([delivery.stop(), retention.stop()]);
    transport.close();
  });
  return { outbox, delivery, verification, transport, retention };
}
export type Mail = ReturnType<typeof createMail>;
