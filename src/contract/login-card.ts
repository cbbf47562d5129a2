// The student login card's QR code: JSON carrying at least username and
// password. The teachers' card printer writes it and the sign-in page reads it, so both share
// this one definition. Plain code, no zod: the reader loads it with the scanner.

export interface LoginCard {
  username: string;
  password: string;
  class_code?: string;
}

export type LoginCardResult = { ok: true; card: LoginCard } | { ok: false; reason: 'not-json' | 'incomplete' };

export function loginCardText(card: LoginCard): string {
  return JSON.stringify(card);
}

export function parseLoginCard(text: string): LoginCardResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'not-json' };
  const { username, password, class_code } = value as Record<string, unknown>;
  if (typeof username !== 'string' || !username.trim() || typeof password !== 'string' || !password) {
    return { ok: false, reason: 'incomplete' };
  }
  return {
    ok: true,
    card: { username: username.trim(), password, ...(typeof class_code === 'string' ? { class_code } : {}) },
  };
}
