import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATES } from '../templates.ts';
import { compileTemplate } from './compile.ts';
import { COMPILED_TEMPLATES } from './compiled-templates.ts';

describe('compiled mail templates', () => {
  it('are what mjml makes of the templates today (else: npm run mail:templates)', async () => {
    expect(Object.keys(COMPILED_TEMPLATES).sort()).toEqual(ALL_TEMPLATES.map((t) => t.name).sort());
    for (const template of ALL_TEMPLATES) expect(await compileTemplate(template), template.name).toBe(COMPILED_TEMPLATES[template.name]);
  });

  it('link no web fonts and keep every placeholder', () => {
    for (const template of ALL_TEMPLATES) {
      const html = COMPILED_TEMPLATES[template.name]!;
      expect(html).not.toMatch(/googleapis|@import/);
      for (const name of template.names) if (template.body.includes(`{{${name}}}`)) expect(html).toContain(`{{${name}}}`);
    }
  });
});
