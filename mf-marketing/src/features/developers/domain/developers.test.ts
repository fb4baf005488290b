import { describe, expect, it } from 'vitest';
import { examplesFor } from './examples.ts';
import { referenceOf } from './openapi-view.ts';

describe('developers page', () => {
  it('gives curl, JavaScript and Python samples against the site, with the key from the environment', () => {
    const examples = examplesFor('https://keisha.example');
    expect(examples.curl).toContain('https://keisha.example/api/v1/analyses \\');
    expect(examples.curl).toContain("'https://keisha.example/api/v1/analyses:batch'");
    expect(examples.JavaScript).toContain('process.env.KEISHA_API_KEY');
    expect(examples.Python).toContain("os.environ['KEISHA_API_KEY']");
    for (const sample of Object.values(examples)) expect(sample).not.toMatch(/kei_live_[A-Za-z0-9_-]{10}/);
  });

  it('reads endpoints, fields, errors and limits from the OpenAPI document', () => {
    const reference = referenceOf({
      paths: { '/api/v1/analyses': { post: { summary: 'Analyse one article', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Article' } } } } } } },
      components: { schemas: { Article: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 200000 }, id: { type: 'string', maxLength: 200 } } } } },
      'x-error-codes': [{ status: 401, code: 'INVALID_API_KEY', meaning: 'No key.' }],
      'x-limits': { articles_per_batch: 50 },
    });
    expect(reference.endpoints).toEqual([
      {
        method: 'POST',
        path: '/api/v1/analyses',
        summary: 'Analyse one article',
        description: '',
        fields: [
          { name: 'text', type: 'string', required: true, note: 'at most 200,000 characters' },
          { name: 'id', type: 'string', required: false, note: 'at most 200 characters' },
        ],
      },
    ]);
    expect(reference.errors[0]!.code).toBe('INVALID_API_KEY');
    expect(reference.limits).toEqual({ articles_per_batch: 50 });
    expect(referenceOf(null)).toEqual({ endpoints: [], errors: [], limits: {} });
  });
});
