// The fonts PDFs set their words in (Noto Sans for Latin, Noto Sans Devanagari, Noto Sans Arabic;
// SIL OFL, see fonts/OFL.txt) and which script a letter is set in. Only addresses and a table
// here, nothing heavy: the device can learn which files a document will need, and keep them for
// offline use, without loading the PDF maker (src/contract/pdf-text.ts) itself.

export type Weight = 'regular' | 'bold';
export type Family = 'latin' | 'devanagari' | 'arabic';

/** The font files, by family and weight (each named so both Vite and the server's build find it). */
export const FONT_FILES: Record<Family, Record<Weight, URL>> = {
  latin: {
    regular: new URL('./fonts/NotoSans-Regular.ttf', import.meta.url),
    bold: new URL('./fonts/NotoSans-Bold.ttf', import.meta.url),
  },
  devanagari: {
    regular: new URL('./fonts/NotoSansDevanagari-Regular.ttf', import.meta.url),
    bold: new URL('./fonts/NotoSansDevanagari-Bold.ttf', import.meta.url),
  },
  arabic: {
    regular: new URL('./fonts/NotoSansArabic-Regular.ttf', import.meta.url),
    bold: new URL('./fonts/NotoSansArabic-Bold.ttf', import.meta.url),
  },
};

/** The script family a code point is set in (everything not Devanagari or Arabic is in Noto Sans). */
export function familyOf(cp: number): Family | undefined {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff)) return 'devanagari';
  if (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x0870 && cp <= 0x08ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff && cp !== 0xfeff)
  )
    return 'arabic';
  // Zero-width joiners belong to the run they are in (Devanagari half forms, Arabic joining).
  if (cp === 0x200c || cp === 0x200d) return undefined;
  return 'latin';
}

/** The families needed to set `texts`: Latin always (the words around the names), and any other script they use. */
export function familiesOf(texts: string[]): Set<Family> {
  const families = new Set<Family>(['latin']);
  for (const text of texts) for (const ch of text) families.add(familyOf(ch.codePointAt(0)!) ?? 'latin');
  return families;
}
