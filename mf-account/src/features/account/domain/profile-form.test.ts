import { describe, expect, it } from 'vitest';
import { hasErrors, isWebAddress, PROFILE_MESSAGES, profileUpdateOf, profileValuesOf, validateProfile } from './profile-form.ts';

const blank = { username: '', avatarUrl: '', website: '' };

describe('profileValuesOf', () => {
  it('fills the form from a profile, empty where nothing is set', () => {
    expect(profileValuesOf({ username: 'ann', avatar_url: null, website: 'https://ann.example' })).toEqual({
      username: 'ann',
      avatarUrl: '',
      website: 'https://ann.example',
    });
    expect(profileValuesOf(null)).toEqual(blank);
  });
});

describe('profileUpdateOf', () => {
  it('trims what is sent and clears blank fields', () => {
    expect(profileUpdateOf({ username: '  ann ', avatarUrl: ' ', website: 'https://ann.example ' })).toEqual({
      username: 'ann',
      avatar_url: null,
      website: 'https://ann.example',
    });
  });
});

describe('isWebAddress', () => {
  it('accepts http and https addresses only', () => {
    expect(isWebAddress('https://example.org/me.png')).toBe(true);
    expect(isWebAddress('http://example.org')).toBe(true);
    expect(isWebAddress('  https://example.org  ')).toBe(true);
    expect(isWebAddress('example.org')).toBe(false);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('https://exa mple.org')).toBe(false);
    expect(isWebAddress('https://example.org/"><script>')).toBe(false);
    expect(isWebAddress(`https://example.org/${'a'.repeat(2048)}`)).toBe(false);
  });
});

describe('validateProfile', () => {
  it('accepts an empty profile and a good one', () => {
    expect(validateProfile(blank)).toEqual({});
    expect(validateProfile({ username: 'Ann', avatarUrl: 'https://a.example/me.png', website: 'https://a.example' })).toEqual({});
  });

  it('names each bad field', () => {
    const errors = validateProfile({ username: 'x'.repeat(41), avatarUrl: 'me.png', website: 'ftp://a.example' });
    expect(errors).toEqual({
      username: PROFILE_MESSAGES.usernameTooLong,
      avatarUrl: PROFILE_MESSAGES.avatarUrlInvalid,
      website: PROFILE_MESSAGES.websiteInvalid,
    });
    expect(hasErrors(errors)).toBe(true);
    expect(validateProfile({ ...blank, username: '<b>ann</b>' }).username).toBe(PROFILE_MESSAGES.usernameCharacters);
  });

  it('counts the username without surrounding spaces', () => {
    expect(validateProfile({ ...blank, username: ` ${'x'.repeat(40)} ` })).toEqual({});
    expect(hasErrors({})).toBe(false);
  });
});
