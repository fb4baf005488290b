/**
 * The shipped lexicon (data/lexicon.json, written by scripts/build-lexicon.ts) and its compiled form:
 * one token trie for every surface form and one for the context cues, built once at module load.
 */
import lexiconData from './data/lexicon.json' with { type: 'json' };
import { phraseTokens, type AgentlessPassiveRule, type LexiconFile, type LexiconEntry, type LexiconForm } from './lexicon-types.ts';

export { phraseTokens };
export type { AgentlessPassiveRule, LexiconFile, LexiconEntry, LexiconForm };

export const lexicon = lexiconData as LexiconFile;

interface TrieNode {
  next: Map<string, TrieNode> | null;
  /** Entry index and form of a surface form ending here. */
  entry: number;
  form: LexiconForm | null;
  /** Cue-group bits of a cue phrase ending here. */
  cueBits: number;
}

function newNode(): TrieNode {
  return { next: null, entry: -1, form: null, cueBits: 0 };
}

function insert(root: TrieNode, tokens: string[]): TrieNode {
  let node = root;
  for (const token of tokens) {
    if (!node.next) node.next = new Map();
    let child = node.next.get(token);
    if (!child) {
      child = newNode();
      node.next.set(token, child);
    }
    node = child;
  }
  return node;
}

export interface CompiledRule {
  window: number;
  onlyNear: number;
  unlessNear: number;
  unlessBefore: string[][];
  unlessAfter: string[][];
  unlessExact: Set<string>;
  titleCase: boolean;
  unlessDateline: boolean;
}

export interface CompiledLexicon {
  entries: LexiconEntry[];
  rules: CompiledRule[];
  surfaceRoot: TrieNode;
  cueRoot: TrieNode;
  cueBit: Map<string, number>;
  passive: {
    rule: AgentlessPassiveRule;
    auxiliaries: Set<string>;
    modifiers: Set<string>;
    participles: Set<string>;
    agentMarkers: Set<string>;
    requiresNear: number;
  };
}

const DEFAULT_WINDOW = 30;
/** A paragraph of news prose rarely runs past 120 words; 'passage' rules look that far either side. */
export const PASSAGE_WINDOW = 120;

function compile(file: LexiconFile): CompiledLexicon {
  const cueBit = new Map<string, number>();
  const cueRoot = newNode();
  let bit = 1;
  for (const [group, phrases] of Object.entries(file.cues)) {
    if (bit > 1 << 30) throw new Error('lexicon: at most 31 cue groups');
    cueBit.set(group, bit);
    for (const phrase of phrases) insert(cueRoot, phraseTokens(phrase)).cueBits |= bit;
    bit <<= 1;
  }
  const bitsOf = (groups: string[] | undefined): number => {
    let bits = 0;
    for (const group of groups ?? []) {
      const b = cueBit.get(group);
      if (b === undefined) throw new Error(`lexicon: unknown cue group "${group}"`);
      bits |= b;
    }
    return bits;
  };

  const surfaceRoot = newNode();
  const rules: CompiledRule[] = [];
  file.entries.forEach((entry, index) => {
    const rule = entry.rule ?? {};
    rules.push({
      window: rule.window ?? (rule.scope === 'passage' ? PASSAGE_WINDOW : DEFAULT_WINDOW),
      onlyNear: bitsOf(rule.onlyNear),
      unlessNear: bitsOf(rule.unlessNear),
      unlessBefore: (rule.unlessBefore ?? []).map(phraseTokens),
      unlessAfter: (rule.unlessAfter ?? []).map(phraseTokens),
      unlessExact: new Set(rule.unlessExact ?? []),
      titleCase: rule.titleCase ?? false,
      unlessDateline: rule.unlessDateline ?? false,
    });
    for (const form of entry.forms) {
      const tokens = phraseTokens(form.text);
      if (tokens.length === 0) continue;
      const node = insert(surfaceRoot, tokens);
      if (node.entry !== -1 && node.entry !== index) {
        throw new Error(`lexicon: "${form.text}" belongs to both ${file.entries[node.entry]!.id} and ${entry.id}`);
      }
      node.entry = index;
      node.form = form;
    }
  });

  const passive = file.agentlessPassive;
  return {
    entries: file.entries,
    rules,
    surfaceRoot,
    cueRoot,
    cueBit,
    passive: {
      rule: passive,
      auxiliaries: new Set(passive.auxiliaries),
      modifiers: new Set(passive.modifiers),
      participles: new Set(passive.participles),
      agentMarkers: new Set(passive.agentMarkers),
      requiresNear: bitsOf(passive.requiresNear),
    },
  };
}

export const compiledLexicon: CompiledLexicon = compile(lexicon);

export type { TrieNode };
