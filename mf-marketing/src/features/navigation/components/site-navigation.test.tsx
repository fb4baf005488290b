import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteNavigation } from './site-navigation.tsx';

function renderNavigation() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteNavigation adminLogin={<button type="button">Admin Login</button>} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

function newsNetworkButton(nav: HTMLElement) {
  return within(nav).getByRole('button', { name: 'News Network' });
}

function dropdownPanel(button: HTMLElement) {
  const id = button.getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error('aria-controls does not point at the dropdown');
  return panel;
}

describe('SiteNavigation', () => {
  it('links the brand and the marketing pages', () => {
    const nav = renderNavigation();
    expect(within(nav).getByRole('link', { name: 'Keisha' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(within(nav).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
  });

  it('reaches the API documentation and the account page (issue 28)', () => {
    const nav = renderNavigation();
    expect(within(nav).getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe('/developers');
    expect(within(nav).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
  });

  it('draws the one Keisha logo beside the name', () => {
    const nav = renderNavigation();
    expect(within(nav).getByRole('link', { name: 'Keisha' }).querySelector('svg[data-keisha-logo]')).not.toBeNull();
  });

  it('has the theme toggle and the Admin Login control the app gives it', () => {
    const nav = renderNavigation();
    expect(within(nav).getByRole('button', { name: 'Light Mode' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Admin Login' })).toBeTruthy();
  });

  it('starts with the news-network dropdown closed', () => {
    const button = newsNetworkButton(renderNavigation());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(dropdownPanel(button).hidden).toBe(true);
  });

  it('opens the dropdown on keyboard focus and closes it on Escape, keeping focus on the button', () => {
    const button = newsNetworkButton(renderNavigation());
    act(() => button.focus());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(dropdownPanel(button).hidden).toBe(false);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('says it is open while focus is on one of its links, and while a mouse hovers it', () => {
    const nav = renderNavigation();
    const button = newsNetworkButton(nav);
    act(() => button.focus());
    act(() => within(nav).getByRole('link', { name: 'News Decoder' }).focus());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(dropdownPanel(button).hidden).toBe(false);
    act(() => within(nav).getByRole('button', { name: 'Admin Login' }).focus());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    const root = button.parentElement!;
    fireEvent.pointerEnter(root, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(root, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the dropdown on click and closes it on a second click', () => {
    const button = newsNetworkButton(renderNavigation());
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the dropdown when focus leaves it', () => {
    const nav = renderNavigation();
    const button = newsNetworkButton(nav);
    act(() => button.focus());
    act(() => within(nav).getByRole('button', { name: 'Admin Login' }).focus());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists the decoder and the two sister sites, which open in a new tab', () => {
    const nav = renderNavigation();
    fireEvent.click(newsNetworkButton(nav));
    const decoder = within(nav).getByRole('link', { name: 'News Decoder' });
    expect(decoder.getAttribute('href')).toBe('/bias-detection');
    expect(decoder.getAttribute('target')).toBeNull();

    const external = [
      ['Political Discourse Repository', 'https://discourse.keisha.ai'],
      ['Decoder Beta', 'https://beta.decoder.keisha.ai'],
    ] as const;
    for (const [name, href] of external) {
      const link = within(nav).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('folds into a Menu button on small screens', () => {
    const nav = renderNavigation();
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });
});
