/**
 * npm run decode            reads one article on stdin, prints the analysis as JSON
 * npm run decode -- --jsonl reads one JSON object {"id", "text"} per line, writes one result per line
 *
 * In --jsonl mode a bad line (not JSON, no string "text") yields {"id", "error"} on its line and the
 * run goes on; blank lines are skipped. Output order follows input order.
 */
import { createInterface } from 'node:readline';
import { analyzeArticle } from '../src/domain/analyzer/index.ts';

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function decodeLine(line: string, lineNumber: number): string {
  let id: unknown = null;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('expected a JSON object {"id", "text"}');
    const record = parsed as Record<string, unknown>;
    id = record.id ?? null;
    if (typeof record.text !== 'string') throw new Error('"text" must be a string');
    return JSON.stringify({ id, ...analyzeArticle(record.text) });
  } catch (error) {
    return JSON.stringify({ id, line: lineNumber, error: error instanceof Error ? error.message : String(error) });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--jsonl')) {
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (line.trim() === '') continue;
      process.stdout.write(decodeLine(line, n) + '\n');
    }
    return;
  }
  process.stdout.write(JSON.stringify(analyzeArticle(await readAll()), null, 2) + '\n');
}

await main();
