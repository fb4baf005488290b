// "Download your data" on /account, just before "Delete your account": one button saves identity's file of everything
// Keisha holds about the account, under the name identity gave it, and says so; a refusal is identity's own words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeResponse } from '@keisha/config/testing/fake-api';
import { renderApp } from './testing/render-app.tsx';
import { apiFailure } from './testing/api-failure.ts';
import { ADMIN, MEMBER, fakeApiForEachTest, signedInAs } from './testing/session.ts';

const api = fakeApiForEachTest();
const EXPORT_PATH = '/api/auth/export-data';
const EXPORT = `GET ${EXPORT_PATH}`;
const LEAD =
  'Get a copy of everything Keisha holds about you, in one file (JSON): your account and profile, sign-ins, newsletter, support requests and waitlist place, your News Decoder history and API keys (never their secrets), your chat conversations, and your plans and payments.';
const CHAT_DOWN = 'Your chat conversations could not be gathered just now. Nothing was downloaded; try again in a minute.';

/** identity's file, as it sends it: indented, so a copy parsed and written out again would not be the same bytes. */
const FILE = `${JSON.stringify(
  {
    success: true,
    format: 'keisha-account-export/1',
    exported_at: '2025-06-30T09:30:00.000Z',
    account_id: MEMBER.id,
    identity: { account: [{ id: MEMBER.id, email: MEMBER.email }] },
    decoder: { analyses: [] },
    chat: { conversations: [{ id: 'c1', title: 'Élections — 2026' }] },
    billing: { purchases: [] },
  },
  null,
  2,
)}\n`;
/** identity names the file for the day it was made: not today, so a name made up here would not pass for it. */
const NAMED = 'keisha-data-2025-06-30.json';
const DISPOSITION = `attachment; filename="${NAMED}"`;
const DOWNLOADED = `Your file ${NAMED} was downloaded.`;
const FILE_ANSWER: FakeResponse = { text: FILE, contentType: 'application/json; charset=utf-8' };

/**
 * identity names the file in Content-Disposition. The shared fake API answers with a content type only, so here the
 * export's successful answers get that header on their way back (everything else passes as the fake API made it).
 */
function identityNamesTheFile(contentDisposition: string) {
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const response = await api.fetch(input, init);
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://keisha.invalid').pathname;
    if (path !== EXPORT_PATH || !response.ok) return response;
    const headers = new Headers(response.headers);
    headers.set('content-disposition', contentDisposition);
    return new Response(await response.arrayBuffer(), { status: response.status, headers });
  });
}

// The browser's side of a download: the object URL made of the file, and the click on the temporary link. Each URL
// is new, so a URL revoked late by an earlier test's download is never taken for this test's.
let made = 0;
const createObjectURL = vi.fn((_file: Blob) => `blob:keisha/export-${++made}`);
const revokeObjectURL = vi.fn((_url: string) => undefined);
const browserUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let clicks: { download: string; href: string; inDocument: boolean }[] = [];

beforeEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href, inDocument: this.isConnected });
  });
});

afterEach(() => {
  URL.createObjectURL = browserUrl.create;
  URL.revokeObjectURL = browserUrl.revoke;
  vi.restoreAllMocks();
});

/** /account signed in as `user`, with identity's `answer` to the export; the section is returned. */
async function openDownload(user: { id: string; email: string; role: 'user' | 'admin' }, answer: Parameters<typeof api.on>[1]) {
  signedInAs(api, user);
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on(EXPORT, answer);
  renderApp('/account');
  return screen.findByRole('region', { name: 'Download your data' });
}

const downloadButton = (section: HTMLElement) => within(section).getByRole('button', { name: 'Download my data' });

describe('downloading your data', () => {
  it('says what the file holds, with its button, just before "Delete your account"', async () => {
    const section = await openDownload(MEMBER, FILE_ANSWER);
    expect(within(section).getByRole('heading', { level: 2, name: 'Download your data' })).toBeTruthy();
    expect(within(section).getByText(LEAD)).toBeTruthy();
    expect(downloadButton(section).hasAttribute('disabled')).toBe(false);
    expect(within(section).getByRole('status').textContent).toBe('');
    expect(within(section).queryByRole('alert')).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Download your data')).toBe(headings.indexOf('Delete your account') - 1);
    // Nothing is asked of identity until the reader presses the button.
    expect(api.callsTo(EXPORT)).toHaveLength(0);
  });

  it('is there for an administrator too', async () => {
    const section = await openDownload(ADMIN, FILE_ANSWER);
    identityNamesTheFile(DISPOSITION);
    fireEvent.click(downloadButton(section));
    expect(await within(section).findByText(DOWNLOADED)).toBeTruthy();
    expect(api.callsTo(EXPORT)[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it("saves identity's bytes under the name identity gave, says so, then lets the object URL go", async () => {
    const section = await openDownload(MEMBER, FILE_ANSWER);
    identityNamesTheFile(DISPOSITION);
    fireEvent.click(downloadButton(section));

    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(DOWNLOADED));
    const calls = api.callsTo(EXPORT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer token-of-${MEMBER.id}`);
    expect(NAMED).not.toBe(`keisha-data-${new Date().toISOString().slice(0, 10)}.json`);
    expect(createObjectURL).toHaveBeenCalledOnce();
    const url = createObjectURL.mock.results[0]!.value as string;
    expect(clicks).toEqual([{ download: NAMED, href: url, inDocument: true }]);
    const saved = createObjectURL.mock.calls[0]![0];
    expect(await saved.text()).toBe(FILE);
    // The temporary link is gone, and the URL is revoked once the download has started.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith(url), { timeout: 3000 });
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(downloadButton(section).hasAttribute('disabled')).toBe(false);
  });

  it("names the file for today when identity's answer names none", async () => {
    const section = await openDownload(MEMBER, FILE_ANSWER);
    fireEvent.click(downloadButton(section));
    const today = new Date().toISOString().slice(0, 10);
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(`Your file keisha-data-${today}.json was downloaded.`));
    expect(clicks.map((click) => click.download)).toEqual([`keisha-data-${today}.json`]);
  });

  it('shows the button busy and disabled while identity prepares the file', async () => {
    let answer!: (response: FakeResponse) => void;
    const section = await openDownload(MEMBER, () => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    identityNamesTheFile(DISPOSITION);
    fireEvent.click(downloadButton(section));

    const busy = within(section).getByRole('button', { name: 'Preparing your file…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(api.callsTo(EXPORT)).toHaveLength(1));
    fireEvent.click(busy);
    expect(api.callsTo(EXPORT)).toHaveLength(1);
    expect(clicks).toHaveLength(0);

    answer(FILE_ANSWER);
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(DOWNLOADED));
    expect(downloadButton(section).hasAttribute('disabled')).toBe(false);
    expect(downloadButton(section).hasAttribute('aria-busy')).toBe(false);
    expect(api.callsTo(EXPORT)).toHaveLength(1);
  });

  it("shows identity's message when a service could not answer, and downloads nothing", async () => {
    const section = await openDownload(MEMBER, apiFailure(503, 'SERVICE_UNAVAILABLE', CHAT_DOWN));
    fireEvent.click(downloadButton(section));
    expect((await within(section).findByRole('alert')).textContent).toBe(CHAT_DOWN);
    expect(within(section).getByRole('status').textContent).toBe('');
    expect(clicks).toHaveLength(0);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(downloadButton(section).hasAttribute('disabled')).toBe(false);

    // Once the chat is back, the same button downloads, and the refusal gives way to the success line.
    api.on(EXPORT, FILE_ANSWER);
    identityNamesTheFile(DISPOSITION);
    fireEvent.click(downloadButton(section));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(DOWNLOADED));
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it("shows identity's message when there were too many exports", async () => {
    const wait = 'Too many requests. Please wait 42 seconds and try again.';
    const section = await openDownload(MEMBER, apiFailure(429, 'RATE_LIMITED', wait));
    fireEvent.click(downloadButton(section));
    expect((await within(section).findByRole('alert')).textContent).toBe(wait);
    expect(clicks).toHaveLength(0);
  });

  it('asks to check the connection when identity cannot be reached', async () => {
    const section = await openDownload(MEMBER, () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(downloadButton(section));
    expect((await within(section).findByRole('alert')).textContent).toBe('Could not reach Keisha. Check your connection and try again.');
    expect(clicks).toHaveLength(0);
    expect(downloadButton(section).hasAttribute('disabled')).toBe(false);
  });

  it('does not save a page that is not the file', async () => {
    const section = await openDownload(MEMBER, { text: '<!doctype html><title>Keisha</title>', contentType: 'text/html' });
    fireEvent.click(downloadButton(section));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Your data could not be downloaded just now. Nothing was saved; please try again in a minute.',
    );
    expect(clicks).toHaveLength(0);
  });

  it('renews a refused token once and asks again', async () => {
    let asked = 0;
    const section = await openDownload(MEMBER, () => (++asked === 1 ? apiFailure(401, 'UNAUTHENTICATED', 'Your session has expired') : FILE_ANSWER));
    identityNamesTheFile(DISPOSITION);
    fireEvent.click(downloadButton(section));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(DOWNLOADED));
    const calls = api.callsTo(EXPORT);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.headers.authorization)).toEqual([`Bearer token-of-${MEMBER.id}`, `Bearer token-of-${MEMBER.id}`]);
    expect(clicks).toHaveLength(1);
  });
});
