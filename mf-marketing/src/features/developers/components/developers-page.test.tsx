import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevelopersPage } from './developers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const DOCUMENT = {
  paths: { '/api/v1/analyses:batch': { post: { summary: 'Analyse up to 50 articles', description: 'Each article on its own.', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Batch' } } } } } } },
  components: { schemas: { Batch: { type: 'object', required: ['articles'], properties: { articles: { type: 'array', minItems: 1, items: {} } } } } },
  'x-error-codes': [{ status: 400, code: 'BATCH_TOO_LARGE', meaning: 'A batch holds more than 50 articles.' }],
  'x-limits': { articles_per_batch: 50 },
};

describe('the developers page', () => {
  it('renders the served OpenAPI description: endpoints, fields, errors and limits', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(DOCUMENT), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    render(<MemoryRouter><DevelopersPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Keisha API' })).toBeTruthy();
    const endpoint = await screen.findByRole('article', { name: 'POST /api/v1/analyses:batch' });
    expect(within(endpoint).getByText('articles')).toBeTruthy();
    expect(within(endpoint).getByText('array of articles')).toBeTruthy();
    expect(screen.getByText('BATCH_TOO_LARGE')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Articles per batch' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/openapi.json', expect.anything());
  });

  it('switches between curl, JavaScript and Python examples', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    render(<MemoryRouter><DevelopersPage /></MemoryRouter>);
    expect(screen.getByRole('tabpanel', { name: 'curl example' }).textContent).toContain('curl -sS');
    fireEvent.click(screen.getByRole('tab', { name: 'Python' }));
    expect(screen.getByRole('tabpanel', { name: 'Python example' }).textContent).toContain('requests.post(');
  });

  it('says so when the reference cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 502 })));
    render(<MemoryRouter><DevelopersPage /></MemoryRouter>);
    expect((await screen.findByRole('alert')).textContent).toBe('The API reference could not be loaded. Please reload the page.');
  });
});
