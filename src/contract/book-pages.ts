// A made book's pages, as every part of the product sees them: the maker (src/features/book-maker)
// edits them as a Yjs document, the server renders this shape from it, and the reader, the
// preview and the print-ready PDF draw from this shape only. Plain types: no zod here.

/** The page templates a child chooses from. */
export const BOOK_LAYOUTS = ['picture-above', 'text-only', 'full-picture', 'two-pictures'] as const;
export type BookLayout = (typeof BOOK_LAYOUTS)[number];

/** How many pictures each layout holds. */
export const LAYOUT_PICTURES: Record<BookLayout, number> = {
  'picture-above': 1,
  'text-only': 0,
  'full-picture': 1,
  'two-pictures': 2,
};

/** Printed sizes (trim, without bleed), in millimetres. */
export const BOOK_TRIMS = {
  a5: { width: 148, height: 210 },
  square: { width: 210, height: 210 },
} as const;
export type BookTrim = keyof typeof BOOK_TRIMS;
/** Bleed added on every edge of a print-ready page, in millimetres. */
export const BLEED_MM = 3;

export interface BookPage {
  /** Made on the device (a UUID), stable across merges. */
  id: string;
  layout: BookLayout;
  /** Sanitised HTML of the page's text (rendered by the server; the only HTML shown to readers). */
  html: string;
  /** The same text, plain (paragraphs separated by a blank line): accessible text, search, PDF. */
  text: string;
  /** Picture ids (see the pictures table), as many as the layout holds. */
  pictures: string[];
  /** In a class book each page is credited to the child who wrote it. */
  author?: { id: number; name: string };
}

export interface BookContent {
  title: string;
  trim: BookTrim;
  /** The cover: its picture id (optional) and the names on it. */
  cover: { picture?: string; authors: string };
  pages: BookPage[];
  /** An uploaded PDF (kind 'uploaded'): where to fetch it; its pages are not drawn from `pages`. */
  file?: string;
}

/** Where an uploaded book's PDF is served (to the people who may read the book). */
export const bookFileSrc = (bookId: number) => `/api/book-files/${bookId}/`;
