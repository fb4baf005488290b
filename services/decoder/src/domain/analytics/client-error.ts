// A front-end error report as it is kept: the path without its query or fragment (they can carry ids and
// tokens), and the message with anything that looks personal or secret masked. No address, no account.
import type { ClientErrorReport } from '@keisha/contracts/analytics';

const EMAIL = /[^\s@<>"'()]+@[^\s@<>"'()]+\.[A-Za-z]{2,}/g;
const LONG_NUMBER = /\d{6,}/g;
// JWTs, API keys, session ids: long runs of base64url or hex.
const TOKEN = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|[A-Za-z0-9_-]{24,}/g;

export function redactMessage(message: string): string {
  return message.replace(EMAIL, '[email]').replace(TOKEN, '[token]').replace(LONG_NUMBER, '[number]').trim();
}

export function pathOnly(route: string): string {
  return route.split(/[?#]/, 1)[0] || '/';
}

export function keptReport(report: ClientErrorReport): ClientErrorReport {
  return { ...report, route: pathOnly(report.route), message: redactMessage(report.message) };
}
