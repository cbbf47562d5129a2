// A declaration's words in the reader's language: a message through the catalogue, a plain
// string through the known messages (the contract's; anything else, such as data, as it is).
import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { translateKnown } from '@/i18n/known';
import type { Words } from './resource';

export const say = (words: Words, translate: (id: Words & object) => string): string =>
  typeof words === 'string' ? translateKnown(words) : translate(words);

/** In a component: a function that says a declaration's words (a new one when the language changes). */
export function useWords(): (words: Words) => string {
  const { _ } = useLingui();
  return useCallback((words: Words) => say(words, (d) => _(d)), [_]);
}
