// A translation catalogue (.po, the files a school's translator corrects) read as English → words:
// the server's answers and the pages it draws (server/http/language.ts), and the pages the build
// draws (build/prerender-plugin.ts). The screens get the same files compiled by Lingui.

/** The singular messages of a .po file: msgid → msgstr (untranslated ones left out). */
export function parsePo(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  let field: 'msgid' | 'msgstr' | 'other' | undefined;
  let id = '';
  let str = '';
  let contextual = false;
  const flush = () => {
    if (id && str) out.set(id, str);
    id = '';
    str = '';
    field = undefined;
  };
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgctxt ')) {
      // A message with a context ('Paid' as a status) is the screens' alone: its English is not its key.
      flush();
      field = 'other';
      contextual = true;
    } else if (line.startsWith('msgid ')) {
      if (contextual) {
        contextual = false;
        field = 'other';
        continue;
      }
      flush();
      field = 'msgid';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"')) {
      if (field === 'msgid') id += unquote(line);
      else if (field === 'msgstr') str += unquote(line);
    } else if (line.startsWith('msgid_plural') || line.startsWith('msgstr[')) {
      // Plural messages are the screens' (counts); the server's messages have none.
      field = 'other';
      str = '';
    } else if (!line) flush();
  }
  flush();
  return out;
}
