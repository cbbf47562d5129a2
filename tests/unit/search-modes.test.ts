// The Switchboard's mode choice: the first mode that is active with status ACTIVE, unless the
// session already chose another one that is still offered and unlocked.
import { describe, expect, it } from 'vitest';
import { pickMode, type Mode } from '@/features/search/modes';

const mode = (id: number, over: Partial<Mode> = {}): Mode => ({
  id,
  name: `Mode ${id}`,
  image: null,
  locked: false,
  active: false,
  status: 'INACTIVE',
  ...over,
});

describe('mode selection', () => {
  const modes = [
    mode(1, { active: true }),
    mode(2, { active: true, status: 'ACTIVE' }),
    mode(3, { active: true, status: 'ACTIVE' }),
    mode(4, { locked: true }),
  ];

  it('auto-selects the first active mode with status ACTIVE', () => {
    expect(pickMode(modes, null)?.id).toBe(2);
  });

  it("keeps the session's choice while it is offered and unlocked", () => {
    expect(pickMode(modes, 1)?.id).toBe(1);
    expect(pickMode(modes, 4)?.id).toBe(2);
    expect(pickMode(modes, 99)?.id).toBe(2);
  });

  it('has nothing to select when the list is empty (a guest)', () => {
    expect(pickMode([], 2)).toBeNull();
  });
});
