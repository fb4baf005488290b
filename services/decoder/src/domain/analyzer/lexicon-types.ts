/**
 * The shape of data/lexicon.json, shared by the engine and by scripts/build-lexicon.ts (which must
 * not import the JSON it is about to write).
 */

export interface LexiconForm {
  text: string;
  /** This form is ambiguous alone: it counts only when a cue of `rule.onlyNear` is near. */
  context?: boolean;
  /** An acronym: every token must be written in capitals ("CRT", not "crt"). */
  caseSensitive?: boolean;
  /** The matched text must equal the form exactly (case aside), punctuation included ("14/88"). */
  literal?: boolean;
  /** Replacement for this form when it differs from the entry's (plural, other grammar). */
  replacement?: string;
}

export interface ContextRule {
  /** Tokens either side of the match, inside its paragraph, where cues are looked for (default 30). */
  window?: number;
  /**
   * 'passage': cues count anywhere in the paragraph, up to PASSAGE_WINDOW words away. For policy
   * vocabulary (schools, housing) whose racial frame is set by the passage rather than the next words.
   */
  scope?: 'passage';
  onlyNear?: string[];
  unlessNear?: string[];
  unlessBefore?: string[];
  unlessAfter?: string[];
  /** The match itself, written exactly like this, is a literal use ("Law & Order", the TV show). */
  unlessExact?: string[];
  /** Every word of the match must start with a capital (a proper name). */
  titleCase?: boolean;
  /** A place name opening a line and followed by an agency or a dash is a dateline, not a reference. */
  unlessDateline?: boolean;
}

export interface LexiconEntry {
  id: string;
  term: string;
  category: string;
  is_codeword: boolean;
  explanation: string;
  source_url: string;
  replacement: string;
  /** Names of the glossary dog whistles this entry stands for (Mendelsohn et al. 2023). */
  glossary?: string[];
  forms: LexiconForm[];
  rule?: ContextRule;
}

export interface AgentlessPassiveRule {
  id: string;
  category: string;
  explanation: string;
  source_url: string;
  auxiliaries: string[];
  modifiers: string[];
  participles: string[];
  agentMarkers: string[];
  agentWindow: number;
  requiresNear: string[];
  cueWindow: number;
  replacementNote: string;
}

export interface LexiconFile {
  version: number;
  about: string;
  cues: Record<string, string[]>;
  entries: LexiconEntry[];
  agentlessPassive: AgentlessPassiveRule;
}

/** Split a phrase the way the tokenizer would, so that data and text meet on the same keys. */
export function phraseTokens(phrase: string): string[] {
  const out: string[] = [];
  for (const match of phrase.matchAll(/[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}]+)*|&/gu)) {
    out.push(match[0] === '&' ? 'and' : match[0].toLowerCase().replace(/['\u2019]/g, ''));
  }
  return out;
}
