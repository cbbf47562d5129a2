// The student table's filters: search by name or username,
// privacy, archived or current, and a date-joined range that is refused when from is after to.
import { describe, expect, it } from 'vitest';
import type { StudentRecord } from '@/data/db';
import { dateRangeError, filterStudents, NO_FILTERS } from '@/features/roster/student-table';

const student = (id: number, first: string, last: string, over: Partial<StudentRecord> = {}): StudentRecord => ({
  id,
  first_name: first,
  last_name: last,
  username: `${first}.${last}`.toLowerCase(),
  email: null,
  privacy_preference: 'private',
  class_id: 1,
  archived: false,
  no_of_books: 0,
  date_joined: '2026-09-01T08:00:00.000Z',
  last_login: null,
  updated_at: '',
  ...over,
});

const roster = [
  student(1, 'Zoe', 'Zhang', { privacy_preference: 'public', date_joined: '2026-09-03T10:00:00.000Z' }),
  student(2, 'Amara', 'Okafor'),
  student(3, 'Kai', 'Moana', { archived: true }),
  student(4, 'Amara', 'Adams', { date_joined: '2026-09-02T23:30:00.000Z' }),
];
const names = (rows: StudentRecord[]) => rows.map((s) => `${s.first_name} ${s.last_name}`);

describe('student filters', () => {
  it('lists current students by first then last name', () => {
    expect(names(filterStudents(roster, NO_FILTERS))).toEqual(['Amara Adams', 'Amara Okafor', 'Zoe Zhang']);
  });

  it('searches every word in names and usernames, and filters privacy and archived', () => {
    expect(names(filterStudents(roster, { ...NO_FILTERS, search: 'amara oka' }))).toEqual(['Amara Okafor']);
    expect(names(filterStudents(roster, { ...NO_FILTERS, search: 'zoe.zh' }))).toEqual(['Zoe Zhang']);
    expect(names(filterStudents(roster, { ...NO_FILTERS, privacy: 'public' }))).toEqual(['Zoe Zhang']);
    expect(names(filterStudents(roster, { ...NO_FILTERS, archived: true }))).toEqual(['Kai Moana']);
  });

  it('keeps the days of the date range inclusive', () => {
    expect(names(filterStudents(roster, { ...NO_FILTERS, from: '2026-09-02', to: '2026-09-02' }))).toEqual(['Amara Adams']);
    expect(names(filterStudents(roster, { ...NO_FILTERS, from: '2026-09-02' }))).toEqual(['Amara Adams', 'Zoe Zhang']);
  });

  it('refuses a from date after the to date and ignores that range', () => {
    const f = { ...NO_FILTERS, from: '2026-09-03', to: '2026-09-01' };
    expect(dateRangeError(f)).toBe('The from date cannot be after the to date.');
    expect(filterStudents(roster, f)).toHaveLength(3);
    expect(dateRangeError({ from: '2026-09-01', to: '2026-09-01' })).toBeNull();
  });
});
