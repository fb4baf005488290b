import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_DATA_MESSAGES, downloadDataErrorMessage, exportFileName, fallbackFileName } from './download-data.ts';

const NOW = new Date('2031-03-03T23:30:00.000Z');

describe('exportFileName', () => {
  it.each([
    ['attachment; filename="keisha-data-2026-11-28.json"', 'keisha-data-2026-11-28.json'],
    ['attachment; filename=keisha-data-2026-11-28.json', 'keisha-data-2026-11-28.json'],
    ['attachment;filename = "keisha-data-2026-11-28.json" ; size=10', 'keisha-data-2026-11-28.json'],
    [`attachment; filename="plain.json"; filename*=UTF-8''donn%C3%A9es.json`, 'données.json'],
    ['attachment; filename="a \\"quoted\\" name.json"', 'a "quoted" name.json'],
    ['attachment; filename="../../etc/keisha-data-2026-11-28.json"', 'keisha-data-2026-11-28.json'],
  ])('reads %s', (header, name) => {
    expect(exportFileName(header, NOW)).toBe(name);
  });

  it.each([[null], [''], ['attachment'], ['attachment; filename=""'], ['attachment; filename="../"'], ["attachment; filename*=UTF-8''%E0%A4%A"]])(
    'falls back to the UTC day for %s',
    (header) => {
      expect(exportFileName(header, NOW)).toBe('keisha-data-2031-03-03.json');
    },
  );

  it('names the fallback for the UTC day, as identity does', () => {
    expect(fallbackFileName(new Date('2031-03-04T00:30:00.000+02:00'))).toBe('keisha-data-2031-03-03.json');
  });
});

describe('downloadDataErrorMessage', () => {
  it("is identity's message when it sent one", () => {
    expect(downloadDataErrorMessage(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Your chat conversations could not be gathered just now.'))).toBe(
      'Your chat conversations could not be gathered just now.',
    );
  });

  it('asks to check the connection when identity was not reached', () => {
    expect(downloadDataErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(DOWNLOAD_DATA_MESSAGES.unreachable);
  });

  it('asks to try again when the answer carried no message of its own', () => {
    expect(downloadDataErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'))).toBe(DOWNLOAD_DATA_MESSAGES.failed);
    expect(downloadDataErrorMessage(new ApiError(200, 'NON_JSON', '200: the answer is not the file'))).toBe(DOWNLOAD_DATA_MESSAGES.failed);
    expect(downloadDataErrorMessage(new Error('boom'))).toBe(DOWNLOAD_DATA_MESSAGES.failed);
  });
});
