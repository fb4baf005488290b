/**
 * Builds the analyzer's shipped data from ../shared/eval at build time:
 *   src/domain/analyzer/data/lexicon.json        coded terms, explanations, replacements, context rules
 *   src/domain/analyzer/data/framing-words.json  framing word lists (credited in data/README.md)
 *
 * Inputs: dogwhistle-glossary.tsv and racial-dogwhistle-regexes.tsv (Mendelsohn et al. 2023, MIT),
 * lexicons/*.txt (Recasens et al. 2013 / Pryzant et al. 2020, MIT), and our hand-written
 * data/explanations.json and data/framing-ours.json. Only surface forms, personas and source links
 * are taken from the glossary; its example and quoted-explanation columns are never read here.
 *
 * Every race-related formal-register glossary entry must be shipped or listed in `notShipped` with
 * a reason, and every regex must match a shipped form or be listed in `regexesNotShipped`; the build
 * fails otherwise, so the lexicon cannot silently drift from its sources.
 *
 * Usage: node services/decoder/scripts/build-lexicon.ts [--eval-dir DIR]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVAL_DIR, isRaceRelatedFormal, parseGlossary, requireFile, surfaceForms, type GlossaryRow } from './lib/eval-data.ts';
import { phraseTokens, type ContextRule, type LexiconEntry, type LexiconFile, type LexiconForm } from '../src/domain/analyzer/lexicon-types.ts';

const DATA = fileURLToPath(new URL('../src/domain/analyzer/data/', import.meta.url));

interface GlossaryExplanation {
  term?: string;
  explanation: string;
  replacement: string;
  mode: 'always' | 'context';
  contextForms?: string[];
  dropForms?: string[];
  keepForms?: string[];
  extraForms?: string[];
  literalForms?: string[];
  formReplacements?: Record<string, string>;
  rule?: ContextRule;
  source_url?: string;
}

/** An entry of data/explanations.json: the lexicon entry's own fields, in our words, and its surface forms. */
interface OwnEntry extends Pick<LexiconEntry, 'id' | 'term' | 'category' | 'is_codeword' | 'explanation' | 'source_url' | 'replacement'> {
  forms: string[];
  mode?: 'always' | 'context';
  rule?: ContextRule;
  formReplacements?: Record<string, string>;
}

interface ExplanationsFile {
  cues: Record<string, string[]>;
  glossary: Record<string, GlossaryExplanation>;
  notShipped: Record<string, string>;
  regexesNotShipped: Record<string, string>;
  own: OwnEntry[];
  agentlessPassive: LexiconFile['agentlessPassive'];
}

const CATEGORY_BY_PERSONA: Record<string, string> = {
  racist: 'coded-racial',
  'white supremacist': 'white-supremacist-signal',
  'anti-Latino': 'coded-anti-immigrant',
  xenophobic: 'coded-anti-immigrant',
  'anti-Asian': 'coded-anti-asian',
  antisemitic: 'coded-antisemitic',
};

function slug(text: string): string {
  return text.toLowerCase().replace(/['\u2019]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

function firstUrl(cell: string): string | undefined {
  const candidate = cell.trim().split(/\s+/)[0];
  if (!candidate) return undefined;
  return /^https?:\/\//.test(candidate) ? candidate : `https://${candidate}`;
}

/** An acronym ("CRT", "#MAGA", "C.R.T.") is matched only in capitals. */
function isAcronym(form: string): boolean {
  const letters = form.replace(/[^A-Za-z]/g, '');
  return letters.length >= 2 && letters.length <= 6 && letters === letters.toUpperCase() && !/\s/.test(form.trim());
}

/**
 * A class of wording written once: "{secure|securing} {the|our} border" stands for the four phrases
 * it spells out. Braces hold alternatives separated by '|'; an empty alternative drops the slot.
 * Used for the inflections and variants of a dog whistle (verb forms, determiners, plurals), so
 * that the data names the pattern instead of listing each sentence it may appear in.
 */
export function expandPattern(pattern: string): string[] {
  const spelled = spellOut(pattern).map((form) => form.replace(/\s+/g, ' ').trim());
  return [...new Set(spelled)].filter((form) => form.length > 0);
}

function spellOut(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  const close = pattern.indexOf('}', open);
  if (close < 0) throw new Error(`pattern "${pattern}": unclosed brace`);
  const head = pattern.slice(0, open);
  const rests = spellOut(pattern.slice(close + 1));
  return pattern
    .slice(open + 1, close)
    .split('|')
    .flatMap((alternative) => rests.map((rest) => head + alternative + rest));
}

const expandAll = (patterns?: string[]) => (patterns ?? []).flatMap(expandPattern);

/** Replacements keyed by form, where a key may be a pattern: every phrase it spells out gets the replacement. */
function replacementsByForm(map?: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [pattern, replacement] of Object.entries(map ?? {})) {
    for (const form of expandPattern(pattern)) out.set(form.toLowerCase(), replacement);
  }
  return out;
}

export function buildLexicon(evalDir: string): { lexicon: LexiconFile; report: string[] } {
  const explanations = JSON.parse(readFileSync(DATA + 'explanations.json', 'utf8')) as ExplanationsFile;
  const rows = parseGlossary(requireFile(evalDir + 'dogwhistle-glossary.tsv', 'dogwhistle-glossary.tsv'));
  const regexes = requireFile(evalDir + 'racial-dogwhistle-regexes.tsv', 'racial-dogwhistle-regexes.tsv')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && line !== 'Regex');

  const report: string[] = [];
  const byName = new Map<string, GlossaryRow>();
  for (const row of rows) byName.set(row.Dogwhistle.trim(), row);

  const problems: string[] = [];
  for (const name of Object.keys(explanations.glossary)) {
    if (!byName.has(name)) problems.push(`explanations.json names "${name}", which is not in the glossary`);
  }
  for (const row of rows) {
    const name = row.Dogwhistle.trim();
    if (isRaceRelatedFormal(row) && !explanations.glossary[name] && !explanations.notShipped[name]) {
      problems.push(`race-related formal entry "${name}" is neither explained nor listed in notShipped`);
    }
  }

  const entries: LexiconEntry[] = [];
  // Token key of a form -> index of the entry that owns it (a form listed under two dog whistles is shipped once).
  const owner = new Map<string, number>();

  const addForms = (entryIndex: number, forms: LexiconForm[], glossaryName?: string) => {
    const entry = entries[entryIndex]!;
    for (const form of forms) {
      const key = phraseTokens(form.text).join(' ');
      if (!key) continue;
      const existing = owner.get(key);
      if (existing !== undefined && existing !== entryIndex) {
        const other = entries[existing]!;
        if (glossaryName && !other.glossary?.includes(glossaryName)) (other.glossary ??= []).push(glossaryName);
        report.push(`form "${form.text}" of ${entry.id} is already shipped by ${other.id}; kept there`);
        continue;
      }
      if (existing === entryIndex) {
        // "#MAGA" and "MAGA" are one token key; keep the stricter reading only if every spelling is an acronym.
        const kept = entry.forms.find((f) => phraseTokens(f.text).join(' ') === key)!;
        if (!form.caseSensitive) delete kept.caseSensitive;
        continue;
      }
      owner.set(key, entryIndex);
      entry.forms.push(form);
    }
  };

  for (const [name, ex] of Object.entries(explanations.glossary)) {
    const row = byName.get(name);
    if (!row) continue;
    const persona = row['Persona/In-Group'].trim();
    const category = CATEGORY_BY_PERSONA[persona];
    if (!category) {
      problems.push(`"${name}": persona "${persona}" has no category`);
      continue;
    }
    const sourceUrl = ex.source_url ?? firstUrl(row.Link) ?? firstUrl(row['Example Source']);
    if (!sourceUrl) problems.push(`"${name}": no source link`);
    if (!ex.explanation?.trim() || !ex.replacement?.trim()) problems.push(`"${name}": explanation and replacement are required`);

    const lower = (list?: string[]) => new Set((list ?? []).map((f) => f.toLowerCase()));
    const drop = lower(ex.dropForms);
    const keep = ex.keepForms ? lower(ex.keepForms) : null;
    const contextForms = lower(expandAll(ex.contextForms));
    const literalForms = lower(ex.literalForms);
    const replacements = replacementsByForm(ex.formReplacements);
    const texts = [...surfaceForms(row['Surface Forms']), ...expandAll(ex.extraForms)].filter((f) => {
      const l = f.toLowerCase();
      return !drop.has(l) && (keep === null || keep.has(l));
    });
    for (const k of keep ?? []) if (!texts.some((t) => t.toLowerCase() === k)) problems.push(`"${name}": keepForms "${k}" is not a surface form`);
    const forms: LexiconForm[] = texts.map((text) => {
      const form: LexiconForm = { text };
      if (ex.mode === 'context' || contextForms.has(text.toLowerCase())) form.context = true;
      if (isAcronym(text)) form.caseSensitive = true;
      if (literalForms.has(text.toLowerCase())) form.literal = true;
      const replacement = replacements.get(text.toLowerCase());
      if (replacement) form.replacement = replacement;
      return form;
    });
    if ((ex.mode === 'context' || contextForms.size > 0) && !(ex.rule?.onlyNear?.length)) {
      problems.push(`"${name}": context forms need rule.onlyNear`);
    }
    const entry: LexiconEntry = {
      id: slug(ex.term ?? name),
      term: ex.term ?? name,
      category,
      is_codeword: true,
      explanation: ex.explanation.trim(),
      source_url: sourceUrl ?? '',
      replacement: ex.replacement,
      glossary: [name],
      forms: [],
    };
    if (ex.rule) entry.rule = ex.rule;
    entries.push(entry);
    addForms(entries.length - 1, forms, name);
    if (entry.forms.length === 0) report.push(`"${name}": every form is shipped by another entry`);
    // The glossary may list one form under two dog whistles; a form we add must belong to its own entry.
    for (const extra of expandAll(ex.extraForms)) {
      const other = owner.get(phraseTokens(extra).join(' '));
      if (other !== undefined && other !== entries.length - 1) problems.push(`"${name}": extra form "${extra}" is already shipped by ${entries[other]!.id}`);
    }
  }

  for (const own of explanations.own) {
    if (!own.explanation?.trim() || !own.source_url?.startsWith('http')) problems.push(`own entry ${own.id}: explanation and source link are required`);
    const entry: LexiconEntry = {
      id: own.id,
      term: own.term,
      category: own.category,
      is_codeword: own.is_codeword,
      explanation: own.explanation,
      source_url: own.source_url,
      replacement: own.replacement,
      forms: [],
    };
    if (own.rule) entry.rule = own.rule;
    entries.push(entry);
    const replacements = replacementsByForm(own.formReplacements);
    addForms(
      entries.length - 1,
      expandAll(own.forms).map((text) => {
        const form: LexiconForm = { text };
        if (own.mode === 'context') form.context = true;
        const replacement = replacements.get(text.toLowerCase());
        if (replacement) form.replacement = replacement;
        return form;
      }),
    );
  }
  // Drop entries whose every form went to another entry; their names already sit in that entry's glossary list.
  const shipped = entries.filter((entry) => entry.forms.length > 0);

  // Every cue group used by a rule must exist.
  for (const entry of shipped) {
    for (const group of [...(entry.rule?.onlyNear ?? []), ...(entry.rule?.unlessNear ?? [])]) {
      if (!explanations.cues[group]) problems.push(`${entry.id}: unknown cue group "${group}"`);
    }
  }

  // Coverage of the authors' regexes by the shipped forms.
  const shippedTexts = shipped.flatMap((entry) => entry.forms.map((form) => form.text));
  let covered = 0;
  for (const source of regexes) {
    const regex = new RegExp(`(?:^|[^a-z])(?:${source})(?:$|[^a-z])`, 'i');
    const hit = shippedTexts.find((text) => regex.test(text) || regex.test(text.replace(/-/g, ' ')));
    if (hit) {
      covered++;
      if (explanations.regexesNotShipped[source]) problems.push(`regex /${source}/ is listed in regexesNotShipped but matches "${hit}"`);
    } else if (!explanations.regexesNotShipped[source]) problems.push(`regex /${source}/ matches no shipped form and is not listed in regexesNotShipped`);
  }
  for (const source of Object.keys(explanations.regexesNotShipped)) {
    if (!regexes.includes(source)) problems.push(`regexesNotShipped names /${source}/, which is not in the regex file`);
  }
  report.push(`regexes: ${covered}/${regexes.length} match a shipped form; ${regexes.length - covered} documented in regexesNotShipped`);

  if (problems.length > 0) throw new Error(`build-lexicon: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);

  const codewords = shipped.filter((e) => e.is_codeword).length;
  report.push(`entries: ${shipped.length} (${codewords} codewords, ${shipped.length - codewords} euphemism/framing); forms: ${shippedTexts.length}`);
  return {
    lexicon: {
      version: 1,
      about:
        'Generated by services/decoder/scripts/build-lexicon.ts; do not edit by hand. Coded terms from the dog whistle glossary of ' +
        'Mendelsohn, Le Bras, Choi and Sap, "From Dogwhistles to Bullhorns" (ACL 2023, MIT licence) and its racial dog whistle ' +
        'regexes; explanations, replacements and context rules written by the Keisha team (data/explanations.json).',
      cues: explanations.cues,
      entries: shipped,
      agentlessPassive: explanations.agentlessPassive,
    },
    report,
  };
}

export function readWordList(path: string): string[] {
  const words = new Set<string>();
  for (const line of requireFile(path, path).split(/\r?\n/)) {
    const word = line.trim().toLowerCase();
    if (!word || word.startsWith('#') || word.startsWith(';')) continue;
    // Prefix entries such as "anti-" are not words; as tokens they would flag "anti-racist".
    if (word.endsWith('-') || word.startsWith('-')) continue;
    words.add(word);
  }
  return [...words].sort();
}

export function buildFramingWords(evalDir: string): Record<string, unknown> {
  const lexicons = evalDir + 'lexicons/';
  const ours = JSON.parse(readFileSync(DATA + 'framing-ours.json', 'utf8')) as Record<string, unknown>;
  const { about: _about, irregularVerbForms, ...ourLists } = ours;
  return {
    about:
      'Generated by services/decoder/scripts/build-lexicon.ts; do not edit by hand. Word lists by their authors, as distributed ' +
      'with Pryzant et al. (2020), github.com/rpryzant/neutralizing-bias (MIT): strong subjectives, Riloff & Wiebe (2003); ' +
      'opinion words, Hu & Liu (2004); hedges, Hyland (2005); factives and assertives, Hooper (1975); implicatives, ' +
      'Karttunen (1971); report verbs, Recasens et al. (2013). "ours" lists are written by the Keisha team. See data/README.md.',
    lists: {
      strongSubjective: readWordList(lexicons + 'strong_subjectives_riloff2003.txt'),
      negative: readWordList(lexicons + 'negative_liu2005.txt'),
      positive: readWordList(lexicons + 'positive_liu2005.txt'),
      hedges: readWordList(lexicons + 'hedges_hyland2005.txt'),
      reportVerbs: readWordList(lexicons + 'report_verbs.txt'),
      factives: readWordList(lexicons + 'factives_hooper1975.txt'),
      assertives: readWordList(lexicons + 'assertives_hooper1975.txt'),
      implicatives: readWordList(lexicons + 'implicatives_karttunen1971.txt'),
    },
    ours: ourLists,
    irregularVerbForms,
  };
}

export const DATA_DIR = DATA;

function main(): void {
  const args = process.argv.slice(2);
  const dirIndex = args.indexOf('--eval-dir');
  const evalDir = dirIndex >= 0 ? args[dirIndex + 1]!.replace(/\/?$/, '/') : EVAL_DIR;
  const { lexicon, report } = buildLexicon(evalDir);
  writeFileSync(DATA + 'lexicon.json', JSON.stringify(lexicon, null, 1) + '\n');
  writeFileSync(DATA + 'framing-words.json', JSON.stringify(buildFramingWords(evalDir)) + '\n');
  for (const line of report) console.log(line);
  console.log(`wrote ${DATA}lexicon.json and framing-words.json`);
}

if (import.meta.main) main();
