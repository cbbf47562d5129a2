// The first load's shape checks for what it reads back from storage.
import { describe, expect, it } from 'vitest';
import { hasShape } from '@/contract/shape';

const RULES = { id: 'number', name: 'string', note: 'string?', role: ['teacher', 'student'] } as const;

describe('hasShape', () => {
  it('accepts a matching object, extra fields and nulls where allowed', () => {
    expect(hasShape({ id: 1, name: 'A', note: null, role: 'teacher', extra: true }, RULES)).toBe(true);
    expect(hasShape({ id: 1, name: 'A', note: 'x', role: 'student' }, RULES)).toBe(true);
  });

  it.each([
    ['not an object', 'user'],
    ['null', null],
    ['a wrong type', { id: '1', name: 'A', note: null, role: 'teacher' }],
    ['a null where none is allowed', { id: 1, name: null, note: null, role: 'teacher' }],
    ['a missing field', { id: 1, note: null, role: 'teacher' }],
    ['a value outside the enum', { id: 1, name: 'A', note: null, role: 'admin' }],
  ])('refuses %s', (_label, value) => {
    expect(hasShape(value, RULES)).toBe(false);
  });
});
