// Turning API answers into the words the sign-in screens show: the server's `error` field
// when it sends one, else the screen's fallback; a network failure says "offline".
import { AUTH_MSG } from '@/contract/messages';
import { LoginError } from './login.machine';

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export function serverWords(error: unknown): string | undefined {
  const body = (error ?? {}) as { error?: unknown; message?: unknown };
  if (typeof body.error === 'string' && body.error) return body.error;
  return undefined;
}

/** Runs an API call; answers its data, or throws a LoginError with words a person can act on. */
export async function expectData<T>(call: () => Promise<Answer<T>>, fallback: string, useMessage = false): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call();
  } catch {
    throw new LoginError(AUTH_MSG.offline);
  }
  if (answer.data !== undefined && answer.response.ok) return answer.data;
  const body = (answer.error ?? {}) as { message?: unknown };
  const message = serverWords(answer.error) ?? (useMessage && typeof body.message === 'string' && body.message ? body.message : undefined);
  throw new LoginError(message ?? fallback);
}
