import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('links every page a reader looks for at the bottom, the account page and the API documentation among them', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(footer).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['News Decoder', '/bias-detection'],
      ['Pricing', '/pricing'],
      ['Developers and API', '/developers'],
      ['Your account', '/account'],
      ['About', '/about'],
      ['FAQ', '/faq'],
      ['Research intro', '/knn'],
    ]);
  });
});
