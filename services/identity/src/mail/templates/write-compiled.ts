// npm run mail:templates: compiles every template with mjml into compiled-templates.ts (run after editing one;
// src/mail/templates/compiled.test.ts fails until it is).
import { writeFile } from 'node:fs/promises';
import { ALL_TEMPLATES } from '../templates.ts';
import { compileTemplate } from './compile.ts';

const entries: string[] = [];
for (const template of ALL_TEMPLATES) entries.push(`  ${JSON.stringify(template.name)}: ${JSON.stringify(await compileTemplate(template))},`);
const source = `// Written by \`npm run mail:templates\` (src/mail/templates/write-compiled.ts) from src/mail/templates.ts: do not edit.
export const COMPILED_TEMPLATES: Readonly<Record<string, string>> = {
${entries.join('\n')}
};
`;
await writeFile(new URL('./compiled-templates.ts', import.meta.url), source);
console.log(`compiled ${entries.length} mail templates`);
