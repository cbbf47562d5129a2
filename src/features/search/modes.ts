// The Switchboard's modes: GET /modes/; the first mode
// that is active with status ACTIVE is chosen on load, and a choice is kept for the session.
import { api } from '@/api/client';
import type { components } from '@/api/schema';

export type Mode = components['schemas']['Mode'];

const SELECTED_KEY = 'selectedMode';

export async function loadModes(): Promise<Mode[]> {
  const { data } = await api.GET('/modes/');
  return data?.results ?? [];
}

/** The session's chosen mode if it is still offered and unlocked, else the first active one. */
export function pickMode(modes: Mode[], remembered: number | null): Mode | null {
  const kept = modes.find((m) => m.id === remembered && !m.locked);
  return kept ?? modes.find((m) => m.active && m.status === 'ACTIVE') ?? null;
}

export function rememberedMode(): number | null {
  const raw = sessionStorage.getItem(SELECTED_KEY);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function rememberMode(id: number) {
  sessionStorage.setItem(SELECTED_KEY, String(id));
}
