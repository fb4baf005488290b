/**
 * Readers for the evaluation data in ../shared/eval. Scripts and tests read these files at run
 * time only; nothing here is bundled into the product.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ../shared/eval beside the repository root (services/decoder/scripts/lib -> repo root is four levels up). */
export const EVAL_DIR = fileURLToPath(new URL('../../../../../shared/eval/', import.meta.url));

export function evalPath(name: string): string {
  return EVAL_DIR + name;
}

export function requireFile(path: string, what: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `${what} not found at ${path}. The evaluation data lives in ../shared/eval beside the repository ` +
        '(see shared/eval/README.md); it is needed to build the lexicon and to run the evaluation.',
    );
  }
  return readFileSync(path, 'utf8');
}

export const GLOSSARY_COLUMNS = [
  'Dogwhistle', 'Surface Forms', 'Linguistic Context', 'Speaker Context', 'Temporal Context',
  'Situational Context', 'Example Source', 'Persona/In-Group', 'Type', 'Register',
  'Covert (in-group) meaning', 'Source Type', 'Source', 'Link',
  'Additional explanation directly from source', 'Surfaced by GPT-3',
] as const;

export type GlossaryRow = Record<(typeof GLOSSARY_COLUMNS)[number], string>;

/** Tab-separated, CRLF, quoting OFF: a field is everything between two tabs, quotes included. */
export function parseGlossary(raw: string): GlossaryRow[] {
  const lines = raw.split(/\r?\n/).filter((line) => line.length > 0);
  const header = lines[0]?.split('\t') ?? [];
  if (header.length !== GLOSSARY_COLUMNS.length || header.some((h, i) => h.trim() !== GLOSSARY_COLUMNS[i])) {
    throw new Error(`glossary: unexpected header ${JSON.stringify(header)}`);
  }
  return lines.slice(1).map((line, index) => {
    const cells = line.split('\t');
    if (cells.length !== GLOSSARY_COLUMNS.length) {
      throw new Error(`glossary: line ${index + 2} has ${cells.length} fields, expected ${GLOSSARY_COLUMNS.length}`);
    }
    const row = {} as GlossaryRow;
    GLOSSARY_COLUMNS.forEach((column, i) => (row[column] = cells[i]!));
    return row;
  });
}

/** Split a glossary "Surface Forms" cell into forms (';' separates them; one row uses ','). */
export function surfaceForms(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((form) => form.replace(/\u00a0/g, ' ').trim())
    .filter((form) => form.length > 0);
}

export const RACE_PERSONAS = new Set(['racist', 'white supremacist', 'anti-Latino', 'anti-Asian', 'xenophobic']);

export function isRaceRelatedFormal(row: GlossaryRow): boolean {
  return RACE_PERSONAS.has(row['Persona/In-Group'].trim()) && row.Register.trim().startsWith('Formal');
}

/** The informal (online) register of the same personas: in-group slang, reported apart from the formal entries (issue 31). */
export function isRaceRelatedInformal(row: GlossaryRow): boolean {
  return RACE_PERSONAS.has(row['Persona/In-Group'].trim()) && row.Register.trim().startsWith('Informal');
}

export interface BabeRow {
  text: string;
  outlet: string;
  topic: string;
  label: 'Biased' | 'Non-biased';
  biasedWords: string[];
}

/** RFC 4180 records with a given separator: quoted fields, doubled quotes, newlines inside quotes. */
export function parseDelimited(raw: string, separator: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (quoted) {
      if (c === '"') {
        if (raw[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"' && field.length === 0) quoted = true;
    else if (c === separator) { record.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && raw[i + 1] === '\n') i++;
      record.push(field);
      field = '';
      if (record.length > 1 || record[0] !== '') records.push(record);
      record = [];
    } else field += c;
  }
  if (field.length > 0 || record.length > 0) { record.push(field); records.push(record); }
  return records;
}

/** "['a', \"b's\"]" -> ['a', "b's"] */
export function parsePythonList(cell: string): string[] {
  const out: string[] = [];
  for (const m of cell.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) {
    out.push((m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  return out;
}

export function parseBabe(raw: string): BabeRow[] {
  const [header, ...records] = parseDelimited(raw.replace(/^\uFEFF/, ''), ';');
  const col = (name: string) => {
    const i = header?.indexOf(name) ?? -1;
    if (i < 0) throw new Error(`BABE file: missing column "${name}" in header ${JSON.stringify(header)}`);
    return i;
  };
  const text = col('text'), outlet = col('outlet'), topic = col('topic'), label = col('label_bias'), words = col('biased_words');
  const rows: BabeRow[] = [];
  for (const r of records) {
    const l = r[label]?.trim();
    if (l !== 'Biased' && l !== 'Non-biased') continue;
    rows.push({ text: r[text] ?? '', outlet: r[outlet] ?? '', topic: r[topic] ?? '', label: l, biasedWords: parsePythonList(r[words] ?? '') });
  }
  return rows;
}

/** FNV-1a 32-bit: the deterministic half a sentence belongs to (0 = fit half, 1 = held-out half). */
export function half(text: string): 0 | 1 {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return ((h >>> 7) & 1) as 0 | 1;
}
