// The reader's route (/library/{id}/read): no editor here, so reading stays light. An id that is
// not a number reads as a book that cannot be read here.
import { useParams } from '@tanstack/react-router';
import { BookReader } from '@/features/book-reader/book-reader';

export function BookReaderScreen() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const n = Number(id);
  const valid = Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;
  return <BookReader key={id} id={valid ? n : 0} />;
}
