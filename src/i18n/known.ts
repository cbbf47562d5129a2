// Words the code carries as English text rather than as a message of its own: the contract's
// messages (src/contract/messages.ts, shared with the server, which cannot run the macros) and
// a server's answer that repeats one of them. Each is marked for the catalogues in the contract
// (an i18n comment before the string; its English text is its id), and shown translated when the
// active catalogue has it, else as it is (English, or a server's words we do not know yet).
import { useLingui } from '@lingui/react';
import { i18n } from './i18n';

const translate = (text: string): string => (i18n.messages[text] === undefined ? text : i18n._(text));

/** For code outside React (a toast's text is translated where it is drawn, so prefer that). */
export const translateKnown = translate;

/** In a component: the translation, redrawn when the language changes. */
export function useKnown(): (text: string) => string {
  useLingui();
  return translate;
}
