// The book maker's and the book reader's routes: read the address, hand it to the features'
// screens. Lazily loaded, so Tiptap and Yjs come only with the maker.
import { useParams } from '@tanstack/react-router';
import { BookMakerHome, BookMakerPage } from '@/features/book-maker/maker-pages';

export { BookMakerHome };

export function BookMakerScreen() {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  return <BookMakerPage key={slug} slug={slug ?? ''} />;
}
