// Finding and grouping help articles: pure functions, so the screen and the tests agree.
import type { FaqRecord } from '@/data/db';

/** The article's words without markup (an article's body is HTML). */
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');

/** Articles whose title or text holds every word typed (any case, any order). */
export function searchFaqs(faqs: FaqRecord[], query: string): FaqRecord[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return faqs;
  return faqs.filter((f) => {
    const text = `${f.title} ${f.section} ${plain(f.body)}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Articles by section, sections and articles in the order the server gave them. */
export function groupBySection(faqs: FaqRecord[]): { section: string; faqs: FaqRecord[] }[] {
  const groups = new Map<string, FaqRecord[]>();
  for (const f of faqs) (groups.get(f.section) ?? groups.set(f.section, []).get(f.section)!).push(f);
  return [...groups].map(([section, list]) => ({ section, faqs: list }));
}
