// Where uploaded files keep their bytes: pictures of stories and books (and their print copies),
// avatars, school logos and uploaded book PDFs. One interface, two homes: the database (the
// default, so the embedded demo and a single machine need nothing else) or an S3-compatible
// bucket when the operator configures one (S3_BUCKET). The store only holds bytes under a key;
// the route that serves a file decides who may see it, from the file's row in the database.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The request's database handle (or its transaction): the database store writes through it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: this floor sits below server/db
export type StoreHandle = PgDatabase<PgQueryResultHKT, any, any>;

export interface FileStore {
  readonly kind: 'database' | 's3';
  /** Keeps `bytes` under `key` (a second put of the same key replaces it). */
  put(db: StoreHandle, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when nothing is kept there. */
  get(db: StoreHandle, key: string): Promise<Uint8Array | null>;
  /** Forgets the files under these keys (a key with nothing under it is no error). */
  remove(db: StoreHandle, keys: string[]): Promise<void>;
}

/** The bucket's settings (S3_*; see the README's configuration table). */
export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service's address (MinIO, Ceph, R2...); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (instance role, AWS_* variables, shared files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (`endpoint/bucket/key`) rather than in the host name: most self-hosted services need it. */
  forcePathStyle: boolean;
}

/** Keys of each kind of file, in one place so a reader sees the bucket's layout. */
export const storageKey = {
  picture: (id: string) => `pictures/${id}`,
  /** The JPEG copy of a WebP or PNG picture that printing uses (PDF has no WebP). */
  picturePrint: (id: string) => `pictures/${id}.print.jpg`,
  bookFile: (bookId: number) => `book-files/${bookId}.pdf`,
  logo: (tenantId: number) => `tenant-logos/${tenantId}`,
};
