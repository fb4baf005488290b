import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_REPLY_MAX, SUPPORT_TEXT, type AdminSupportRequest, type SupportLevel, type SupportRequest } from '@keisha/contracts/identity';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import { NETWORK_ERROR_MESSAGE } from './lib/error-message.ts';

const api = fakeApiForEachTest();

function serveAccount(user: { id: string; email: string; role: 'user' | 'admin' }) {
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on('GET /api/profiles/me', { json: { success: true, profile: { id: user.id, username: null, avatar_url: null, website: null } } });
}

const stored = (over: Partial<SupportRequest> = {}): SupportRequest => ({
  id: 'r1',
  subject: 'Export is slow',
  message: 'It takes a minute.',
  priority: true,
  plan: 'Decoder Annual',
  status: 'open',
  created_at: '2026-12-01T09:00:00.000Z',
  answered_at: null,
  reply: null,
  ...over,
});

/** identity's support routes for one reader: what the plan gives, and the requests sent so far. */
function serveSupport(level: SupportLevel, requests: SupportRequest[] = []) {
  api.on('GET /api/identity/support/requests', () => ({ json: { success: true, requests, total: requests.length, page: 1, page_size: 20, level } }));
  api.on('POST /api/identity/support/requests', (request) => {
    const created = stored({ id: `r${requests.length + 1}`, ...(request.body as object), priority: level.priority, plan: level.plan });
    requests.unshift(created);
    return { status: 201, json: { success: true, request: created } };
  });
}

const supportSection = async () => (await screen.findByRole('heading', { level: 2, name: 'Contact support' })).closest('section')!;

describe('Contact support on the account page', () => {
  it('tells an Annual reader they have priority, sends a request and shows the receipt and the request', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    serveSupport({ priority: true, plan: 'Decoder Annual' });
    renderApp('/account');
    const section = await supportSection();
    expect(section.id).toBe('support');
    expect(await within(section).findByText("Priority support: your Decoder Annual plan's requests are answered first, within one business day.")).toBeTruthy();
    expect(within(section).getByText('You have not sent a request yet.')).toBeTruthy();

    fireEvent.change(within(section).getByLabelText('Subject'), { target: { value: 'Export is slow' } });
    fireEvent.change(within(section).getByLabelText('Message'), { target: { value: 'It takes a minute.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send request' }));
    expect(within(section).getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    expect(await within(section).findByText('We received your request. We will answer by e-mail within one business day.')).toBeTruthy();
    expect(api.callsTo('POST /api/identity/support/requests').map((call) => call.body)).toEqual([{ subject: 'Export is slow', message: 'It takes a minute.' }]);
    const list = within(section).getByRole('list', { name: 'Your requests' });
    const item = within(list).getByText('Export is slow').closest('li')!;
    expect(within(item).getByText('Priority')).toBeTruthy();
    expect(within(item).getByText('Open')).toBeTruthy();
    expect((within(section).getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('tells a free reader the standard time with a link to the plans, and lists answered requests', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    serveSupport({ priority: false, plan: null }, [stored({ priority: false, plan: null, status: 'answered', answered_at: '2026-12-02T09:00:00.000Z', subject: 'Old question' })]);
    renderApp('/account');
    const section = await supportSection();
    expect(await within(section).findByText(/We answer requests within three business days\./)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    const item = within(within(section).getByRole('list', { name: 'Your requests' })).getByText('Old question').closest('li')!;
    expect(within(item).getByText('Answered')).toBeTruthy();
    expect(within(item).queryByText('Priority')).toBeNull();
    expect(within(item).queryByText('Our answer')).toBeNull(); // answered by e-mail: nothing to show here
  });

  it('shows the answer written in the console under its request, line breaks kept', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    const answer = 'Thank you for writing.\nYour export is fine.';
    serveSupport({ priority: true, plan: 'Decoder Annual' }, [stored({ status: 'answered', answered_at: '2026-12-02T09:00:00.000Z', reply: answer })]);
    renderApp('/account');
    const section = await supportSection();
    const item = (await within(section).findByText('Export is slow')).closest('li')!;
    expect(within(item).getByText(/Our answer/)).toBeTruthy();
    expect(within(item).getByText((_, element) => element?.tagName === 'P' && element.textContent === answer)).toBeTruthy();
    expect(within(item).getAllByRole('time').map((t) => t.getAttribute('datetime'))).toContain('2026-12-02T09:00:00.000Z');
  });

  it('marks blank fields invalid without sending, and shows the server’s refusal', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    serveSupport({ priority: false, plan: null });
    api.on('POST /api/identity/support/requests', apiFailure(429, 'RATE_LIMITED', 'You have sent many requests in the last hour. Please wait a little before sending another.'));
    renderApp('/account');
    const section = await supportSection();
    fireEvent.change(within(section).getByLabelText('Subject'), { target: { value: '   ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send request' }));
    const subject = within(section).getByLabelText('Subject');
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(subject.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent ?? within(section).getByText('Write a subject').textContent).toContain('Write a subject');
    expect(within(section).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText('Write your message')).toBeTruthy();
    expect(api.callsTo('POST /api/identity/support/requests')).toHaveLength(0);

    fireEvent.change(subject, { target: { value: 'Hello' } });
    fireEvent.change(within(section).getByLabelText('Message'), { target: { value: 'Help' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send request' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('You have sent many requests in the last hour.');
  });
});

const adminRow = (over: Partial<AdminSupportRequest>): AdminSupportRequest => ({ ...stored(), email: 'annual@example.org', user_id: MEMBER.id, ...over });

describe('the admin Support page', () => {
  it('is a section of the console; lists open requests priority first and marks one answered', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/users', { json: { success: true, users: [], total: 0, page: 1, page_size: 20 } });
    const open = [adminRow({ id: 'p', subject: 'Paid question' }), adminRow({ id: 'f', subject: 'Free question', priority: false, plan: null, email: 'free@example.org' })];
    const answered: AdminSupportRequest[] = [];
    api.on('GET /api/identity/admin/support/requests', (request) => {
      const rows = request.query.get('status') === 'answered' ? answered : open;
      return { json: { success: true, requests: rows, total: rows.length, page: 1, page_size: 50 } };
    });
    api.on('POST /api/identity/admin/support/requests/p/answered', () => {
      const [row] = open.splice(0, 1);
      const done = { ...row!, status: 'answered' as const, answered_at: '2026-12-01T10:00:00.000Z' };
      answered.push(done);
      return { json: { success: true, request: done } };
    });
    renderApp('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Support' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/support');

    const table = await screen.findByRole('table', { name: 'Open support requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText(/question/)?.textContent)).toEqual(['Paid question', 'Free question']);
    expect(within(rows[0]!).getByText('Priority')).toBeTruthy();
    expect(within(rows[0]!).getByText('Decoder Annual')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: /by e-mail/ }).getAttribute('href')).toBe('mailto:annual@example.org?subject=Re%3A%20Paid%20question');
    expect(within(rows[1]!).queryByText('Priority')).toBeNull();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: /Mark answered/ }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Open support requests' })).queryByText('Paid question')).toBeNull());
    expect(api.callsTo('POST /api/identity/admin/support/requests/p/answered')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^Answered/ }));
    const answeredTable = await screen.findByRole('table', { name: 'Answered support requests' });
    expect(within(answeredTable).getByText('Paid question')).toBeTruthy();
  });

  /** An open request served to the console, answered by the reply route as identity answers it. */
  function serveOpenRequest(reply: (body: { reply: string }) => { status?: number; json: unknown }) {
    signedInAs(api, ADMIN);
    const open = [adminRow({ id: 'p', subject: 'Paid question', message: 'My export\ntakes a minute.' })];
    const answered: AdminSupportRequest[] = [];
    api.on('GET /api/identity/admin/support/requests', (request) => {
      const rows = request.query.get('status') === 'answered' ? answered : open;
      return { json: { success: true, requests: rows, total: rows.length, page: 1, page_size: 50 } };
    });
    api.on('POST /api/identity/admin/support/requests/p/reply', (request) => {
      const outcome = reply(request.body as { reply: string });
      if (outcome.status === undefined) {
        const [row] = open.splice(0, 1);
        answered.push({ ...row!, status: 'answered', answered_at: '2026-12-01T10:00:00.000Z', reply: (request.body as { reply: string }).reply.trim() });
      }
      return outcome;
    });
    renderApp('/admin/support');
    return { open, answered };
  }
  const replyButton = async () => within(await screen.findByRole('table', { name: 'Open support requests' })).getByRole('button', { name: 'Reply to annual@example.org about Paid question' });

  it('answers a request in the console: checked first, sent, gone from Open, and shown under Answered', async () => {
    serveOpenRequest((body) => ({ json: { success: true, request: { ...adminRow({ id: 'p' }), status: 'answered', reply: body.reply } } }));
    fireEvent.click(await replyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Re: Paid question' });
    expect(within(dialog).getByText('From annual@example.org')).toBeTruthy();
    const field = within(dialog).getByLabelText('Your reply');
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: ' \u200b ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Write your reply')).toBeTruthy();
    expect(api.callsTo('POST /api/identity/admin/support/requests/p/reply')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Exports of long histories take a minute.\nYours is fine.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect((await screen.findByText('Your reply was sent to annual@example.org.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/identity/admin/support/requests/p/reply')[0]!.body).toEqual({ reply: 'Exports of long histories take a minute.\nYours is fine.' });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Open support requests' })).queryByText('Paid question')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /^Answered/ }));
    const answeredTable = await screen.findByRole('table', { name: 'Answered support requests' });
    expect(within(answeredTable).getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'Exports of long histories take a minute.\nYours is fine.')).toBeTruthy();
  });

  it('says so in the dialog when another administrator answered first, and asks for the list again', async () => {
    serveOpenRequest(() => ({ status: 409, json: { success: false, error: { code: 'ALREADY_ANSWERED', message: 'This request has already been answered, so no reply was sent. Reload the list to see it.' } } }));
    fireEvent.click(await replyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Re: Paid question' });
    const asked = api.callsTo('GET /api/identity/admin/support/requests').length;
    fireEvent.change(within(dialog).getByLabelText('Your reply'), { target: { value: 'Late answer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This request has already been answered, so no reply was sent. Reload the list to see it.');
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/support/requests').length).toBeGreaterThan(asked));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a reply too long before sending it, and keeps it when the network fails', async () => {
    serveOpenRequest(() => ({ status: 500, json: { success: false, error: { code: 'INTERNAL', message: 'not expected here' } } }));
    fireEvent.click(await replyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Re: Paid question' });
    // The request as the reader wrote it, line breaks kept.
    expect(within(dialog).getByText((_, element) => element?.tagName === 'P' && element.textContent === 'My export\ntakes a minute.')).toBeTruthy();
    const field = within(dialog).getByLabelText('Your reply') as HTMLTextAreaElement;
    expect(field.maxLength).toBe(SUPPORT_REPLY_MAX);

    fireEvent.change(field, { target: { value: 'x'.repeat(SUPPORT_REPLY_MAX + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(SUPPORT_TEXT.replyTooLong)).toBeTruthy();
    expect(api.callsTo('POST /api/identity/admin/support/requests/p/reply')).toHaveLength(0);

    const asked = api.callsTo('GET /api/identity/admin/support/requests').length;
    api.on('POST /api/identity/admin/support/requests/p/reply', () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.change(field, { target: { value: 'Yours is fine.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NETWORK_ERROR_MESSAGE);
    expect(api.callsTo('POST /api/identity/admin/support/requests/p/reply').map((call) => call.body)).toEqual([{ reply: 'Yours is fine.' }]);
    expect(field.value).toBe('Yours is fine.');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo('GET /api/identity/admin/support/requests')).toHaveLength(asked);
    expect(screen.queryByText(/^Your reply was sent/)).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Open support requests' })).getByText('Paid question')).toBeTruthy();
  });

  it('shows the start of a long answer or message in the lists, and the whole of it on request', async () => {
    signedInAs(api, ADMIN);
    const long = `Thank you for writing.\n${'Exports of long histories take a minute. '.repeat(20).trim()}`;
    const longMessage = `My export failed.\n${'I pressed the button again and it said the file was being prepared. '.repeat(12).trim()}`;
    const answered = [
      adminRow({ id: 'a', subject: 'Long one', status: 'answered', answered_at: '2026-12-01T10:00:00.000Z', reply: long, message: longMessage }),
      adminRow({ id: 'b', subject: 'Short one', status: 'answered', answered_at: '2026-12-01T09:00:00.000Z', reply: 'Yours is fine.' }),
      adminRow({ id: 'c', subject: 'By mail', status: 'answered', answered_at: '2026-12-01T08:00:00.000Z', reply: null }),
    ];
    api.on('GET /api/identity/admin/support/requests', (request) => {
      const rows = request.query.get('status') === 'answered' ? answered : [];
      return { json: { success: true, requests: rows, total: rows.length, page: 1, page_size: 50 } };
    });
    renderApp('/admin/support');
    await screen.findByRole('table', { name: 'Open support requests' });
    fireEvent.click(screen.getByRole('button', { name: /^Answered/ }));
    const table = await screen.findByRole('table', { name: 'Answered support requests' });
    const [longRow, shortRow, mailRow] = within(table).getAllByRole('row').slice(1);

    const more = within(longRow!).getByRole('button', { name: 'Show all of the answer' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const shown = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(shown.textContent!.startsWith('Thank you for writing.\nExports of long histories')).toBe(true);
    expect(shown.textContent!.endsWith('…')).toBe(true);
    expect(shown.textContent!.length).toBeLessThan(long.length / 2);

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Show less');
    expect(more.getAttribute('aria-label')).toBe('Show less of the answer');
    expect(shown.textContent).toBe(long);
    fireEvent.click(more);
    expect(shown.textContent!.endsWith('…')).toBe(true);

    // The reader's long message folds the same way, on its own.
    const message = within(longRow!).getByRole('button', { name: 'Show all of the message' });
    const messageText = document.getElementById(message.getAttribute('aria-controls')!)!;
    expect(messageText.textContent!.startsWith('My export failed.\nI pressed the button')).toBe(true);
    expect(messageText.textContent!.length).toBeLessThan(longMessage.length / 2);
    fireEvent.click(message);
    expect(messageText.textContent).toBe(longMessage);
    expect(shown.textContent!.endsWith('…')).toBe(true);

    expect(within(shortRow!).getByText('Yours is fine.')).toBeTruthy();
    expect(within(shortRow!).queryByRole('button', { name: /^Show all/ })).toBeNull();
    expect(mailRow!.querySelector('td[data-label="Answer"]')?.textContent).toBe('Written by e-mail (not kept here)');
  });

  it('puts a refusal that names the reply under the field', async () => {
    serveOpenRequest(() => ({ status: 400, json: { success: false, error: { code: 'VALIDATION', message: 'The reply is too long: at most 10,000 characters', details: { field: 'reply' } } } }));
    fireEvent.click(await replyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Re: Paid question' });
    const field = within(dialog).getByLabelText('Your reply');
    fireEvent.change(field, { target: { value: 'Short enough here' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('The reply is too long: at most 10,000 characters');
  });
});
