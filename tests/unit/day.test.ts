import { describe, expect, it } from 'vitest';
import { formatDay } from '@/contract/day';

// formatDay writes a day without Intl; it must read as Intl writes it in English (in UTC).
describe('formatDay', () => {
  const intl = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  it('writes every month as Intl does in English', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = new Date(Date.UTC(2026, month, day, 23, 59)).toISOString();
        expect(formatDay(iso)).toBe(intl.format(new Date(iso)));
      }
    }
  });

  it('takes the day in UTC, wherever the reader is', () => {
    expect(formatDay('2026-11-24T23:30:00.000Z')).toBe('November 24, 2026');
    expect(formatDay('2026-01-01T00:00:00+02:00')).toBe('December 31, 2025');
  });
});
