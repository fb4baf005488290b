// The code samples of the developers page: one article and a batch, in curl, JavaScript and Python.
import { PUBLIC_API_PATHS } from '@keisha/contracts/decoder';

export type ExampleLanguage = 'curl' | 'JavaScript' | 'Python';
export const EXAMPLE_LANGUAGES: ExampleLanguage[] = ['curl', 'JavaScript', 'Python'];

const SAMPLE = 'Officials said shots were fired during the clashes in the inner-city neighborhood.';

/** The samples for a site served at `origin`; the key is read from KEISHA_API_KEY, never written in code. */
export function examplesFor(origin: string): Record<ExampleLanguage, string> {
  const one = `${origin}${PUBLIC_API_PATHS.analyze}`;
  const batch = `${origin}${PUBLIC_API_PATHS.batch}`;
  return {
    curl: [
      `curl -sS ${one} \\`,
      '  -H "Authorization: Bearer $KEISHA_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"id": "story-1", "text": "${SAMPLE}"}'`,
      '',
      `curl -sS '${batch}' \\`,
      '  -H "Authorization: Bearer $KEISHA_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"articles": [{"id": "a", "text": "${SAMPLE}"}, {"id": "b", "text": "Second article."}]}'`,
    ].join('\n'),
    JavaScript: [
      `const response = await fetch('${batch}', {`,
      "  method: 'POST',",
      "  headers: { Authorization: `Bearer ${process.env.KEISHA_API_KEY}`, 'Content-Type': 'application/json' },",
      `  body: JSON.stringify({ articles: [{ id: 'a', text: '${SAMPLE}' }] }),`,
      '});',
      'const body = await response.json();',
      'if (!response.ok) throw new Error(`${body.error.code}: ${body.error.message}`);',
      'for (const item of body.results) {',
      "  console.log(item.id, item.ok ? item.analysis.score : item.error.code);",
      '}',
    ].join('\n'),
    Python: [
      'import os, requests',
      '',
      'response = requests.post(',
      `    "${one}",`,
      '    headers={"Authorization": f"Bearer {os.environ[\'KEISHA_API_KEY\']}"},',
      `    json={"id": "story-1", "text": "${SAMPLE}"},`,
      '    timeout=90,',
      ')',
      'body = response.json()',
      'if not response.ok:',
      '    raise RuntimeError(f"{body[\'error\'][\'code\']}: {body[\'error\'][\'message\']}")',
      'print(body["analysis"]["score"], [t["term"] for t in body["analysis"]["detected_terms"]])',
    ].join('\n'),
  };
}
