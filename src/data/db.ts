// The device's database (IndexedDB through Dexie): the last known tenant, user, rosters,
// catalogue, cart and FAQs, the outbox of unsent writes, and a few facts about the device.
// The one place that knows Dexie; features use the typed tables from here and `useLive`
// from ./live. No React here: the service worker opens this database too.
//
// Versions only ever add: a new version() block naming the tables it adds or changes. Never edit a
// shipped one, or devices holding the old database cannot upgrade.
import Dexie, { type EntityTable } from 'dexie';

export type { Table } from 'dexie';
import type { components } from '@/api/schema';
import type { PaymentProvider, PrivacyPreference } from '@/contract/domain';
import type { Locale } from '@/contract/locales';
import type { TenantColors } from '@/contract/tenant-colors';

export interface TenantRecord extends TenantColors {
  /** Always 'current': each site is its own origin, so one device database holds one tenant. */
  key: 'current';
  id: number | null;
  school_name: string;
  school_email: string | null;
  domain_url: string | null;
  subdomain: string | null;
  switchboard: boolean;
  logo: string | null;
  is_organization: boolean;
  community_access: boolean;
  organizations: { id: number; school_name: string; subdomain: string }[];
  /** The site's language, and whether visitors get the browser's (absent on a copy kept before schools had them). */
  default_language?: Locale;
  allow_browser_language?: boolean;
  /** How the site takes payments: tests (the sandbox) or not, and the providers offered (unknown on an older copy). */
  payments?: { sandbox: boolean; providers: PaymentProvider[] };
}

type ApiUser = components['schemas']['User'];
/** The signed-in user, as the API answers it (a copy kept before users had a language has none). */
export type UserRecord = Omit<ApiUser, 'language'> & { language?: ApiUser['language'] };

export interface ClassRecord {
  id: number;
  class_id: string;
  name: string;
  class_theme: string;
  assigned_teacher: { first_name: string; last_name: string } | null;
  no_of_students: number;
  no_of_books: number;
  updated_at: string;
}

export interface StudentRecord {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string | null;
  privacy_preference: PrivacyPreference;
  /** The numeric id of the student's class (stu_class.id). */
  class_id: number | null;
  archived: boolean;
  is_featured?: boolean;
  /** When a pin on this student ends (ISO), if pinned. */
  pinned_until?: string | null;
  /** Added on this device and not yet accepted by the server (a temporary negative id). */
  pending?: boolean;
  no_of_books: number;
  date_joined: string;
  last_login: string | null;
  updated_at: string;
}

/** A student's sign-in details, cached for the teacher's login cards (printable offline). */
export interface LoginInfoRecord {
  id: number;
  class_id: number;
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  class_code: string;
}

/** A book in the device's catalogue, as the API answers it, with its search words. */
export type BookRecord = Omit<components['schemas']['Book'], 'deleted' | 'is_featured' | 'book_kind'> & {
  kind: 'book' | 'story';
  /** catalogue, made or uploaded (only made and uploaded books have a reader); absent on records pulled before it was sent. */
  book_kind?: components['schemas']['Book']['book_kind'];
  /** Lower-cased word prefixes of title and author: the local search index. */
  words: string[];
};

/** A published student story in the device's catalogue, as the API answers it. */
export type StoryRecord = Omit<components['schemas']['StorySync'], 'deleted' | 'pinned_until'> & {
  /** While the school pins it: when the pin ends (absent from stories pulled before pins were sent). */
  pinned_until?: string | null;
  /** Lower-cased word prefixes of title and author: the local search index. */
  words: string[];
};

export interface CategoryRecord {
  id: number;
  name: string;
  slug: string;
  book_count: number;
}

export interface CartRecord {
  item_id: number;
  added_at: string;
}

export interface FaqRecord {
  id: number;
  role: string;
  section: string;
  title: string;
  body: string;
}

/** One page of an admin list as the server answered it (src/data/admin-pages.ts). */
export interface AdminPageRecord {
  /** The resource and the query that asked for the page. */
  key: string;
  resource: string;
  count: number;
  results: { id: number }[];
  saved_at: number;
}
/** A public page as this site shows it (GET /pages/{slug}/), kept so it opens offline. */
export type PageRecord = components['schemas']['Page'];

export type OutboxStatus = 'pending' | 'in_flight' | 'failed' | 'conflict';

/** Tables a queued change may touch locally (and undo). */
export type LocalTable = 'cart' | 'classes' | 'students' | 'books' | 'stories' | 'user' | 'documents' | 'pictures';

/** A local write described as data, so the service worker can apply it too. */
export type LocalOp = { op: 'put'; table: LocalTable; row: object } | { op: 'delete'; table: LocalTable; key: number | string };

/** A file queued with a change. Kept as bytes: Safari loses Blobs stored in IndexedDB. */
export interface OutboxFile {
  field: string;
  name: string;
  type: string;
  data: ArrayBuffer;
}

/**
 * A document being written on this device (a story now, book pages later): its merged Yjs state
 * and the details the writer shows. It belongs to its owner alone: it survives that owner's
 * sign-out (a draft on a shared tablet) and every screen reads it by owner, so the next child
 * signing in on this tablet never sees it.
 */
export interface DocumentRecord {
  /** `${owner_id}:${kind}:${id}`. */
  key: string;
  owner_id: number;
  kind: 'story' | 'book';
  /** The document's id in its kind (a story's or a book's slug, made on the device). */
  id: string;
  /** The merged Yjs state on this device (every local change and what the server sent). */
  state: ArrayBuffer;
  /** What the writer shows besides the text (title, step, status, cover, ...), as last known. */
  meta: Record<string, unknown>;
  /** When the last local change was saved on this device (ms). */
  saved_at: number;
}

/** A picture made on this device (resized), kept until its owner's documents no longer need it. */
export interface PictureRecord {
  id: string;
  owner_id: number;
  type: string;
  data: ArrayBuffer;
  width: number;
  height: number;
}

export interface OutboxRecord {
  /** A client UUID, also the Idempotency-Key. */
  id: string;
  /** The shape of this record; older shapes are upgraded before they are sent. */
  schema_version: number;
  owner_id: number;
  tenant: string | null;
  /** The feature command that made it, e.g. 'cart.add'. */
  kind: string;
  /** What the user did, in their words: shown in the sync panel. */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** REST path under /api, e.g. '/data/cart/items/'. */
  path: string;
  body: unknown;
  files: OutboxFile[];
  /** Local rows this change touched ('table:key'): pull sync leaves them alone until it is sent. */
  entity_keys: string[];
  /** Applied when the user discards the change: the optimistic change rolled back. */
  undo: LocalOp[];
  /** Applied when the server accepts it (e.g. a temporary row the server's copy replaces). */
  on_success: LocalOp[];
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  status: OutboxStatus;
  last_error: string | null;
}

/**
 * A user's sync credential: the refresh token the sync engine sends that user's outbox with.
 * It outlives sign-out only while the user still has unsent changes (shared tablets), and is
 * the one place a token is kept besides the signed-in session itself.
 */
export interface CredentialRecord {
  owner_id: number;
  refresh: string;
  /** The last access token the engine obtained for this owner, if any. */
  access: string | null;
  /** The user signed out on this device: revoke and delete once their outbox is empty. */
  signed_out: boolean;
  /** The refresh token was refused: this owner's changes wait until they sign in again. */
  blocked?: boolean;
  updated_at: number;
}

/** This device as a class tablet enrolled for offline sign-in (issue 27): one row, 'current'. */
export interface TabletRecord {
  key: 'current';
  /** The enrolment's id on the server. */
  id: string;
  name: string;
  /** Made on this device; the private key is not extractable (IndexedDB keeps the CryptoKey). */
  keys: CryptoKeyPair;
  expires_at: string;
  /** When the classes' sign-in data was last refreshed (ms), null before the first time. */
  synced_at: number | null;
  /** What the server last said of this tablet: revoked or expired tablets sign no one in. */
  state: 'active' | 'revoked' | 'expired';
}

/** A child's password verifier (PBKDF2-SHA256), never the password. */
export interface VerifierRecord {
  salt: string;
  iterations: number;
  hash: string;
}

export interface TabletStudentRecord {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  avatar: string | null;
  verifier: VerifierRecord;
}

/** An enrolled class's sign-in grid, by its class code in capitals. */
export interface TabletClassRecord {
  class_code: string;
  id: number;
  name: string;
  class_theme: string;
  students: TabletStudentRecord[];
}

/**
 * A child's offline sign-in, signed by the tablet's key, waiting to be exchanged for a real
 * session when the network returns. Not a token: only the server's answer to it is one.
 */
export interface OfflineSessionRecord {
  owner_id: number;
  enrolment_id: string;
  signed_in_at: string;
  verifier_salt: string;
  nonce: string;
  signature: string;
  /** waiting: to exchange; refused: the server said no (the message says why), the work waits for the child's next online sign-in. */
  status: 'waiting' | 'refused';
  message: string | null;
  /** The server's code for a refusal: tablet_revoked and tablet_expired put the work before a teacher. */
  code?: string | null;
  /** Who signed in and in which class (server id), for the teacher who is shown waiting work. */
  name?: string;
  class_id?: number;
}

/** A sign-in throttle on this tablet (per child and per tablet), as the server keeps them. */
export interface ThrottleRecord {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface MetaRecord {
  key: string;
  value: unknown;
}

export class DeviceDatabase extends Dexie {
  tenant!: EntityTable<TenantRecord, 'key'>;
  user!: EntityTable<UserRecord, 'id'>;
  classes!: EntityTable<ClassRecord, 'id'>;
  students!: EntityTable<StudentRecord, 'id'>;
  books!: EntityTable<BookRecord, 'id'>;
  cart!: EntityTable<CartRecord, 'item_id'>;
  categories!: EntityTable<CategoryRecord, 'id'>;
  stories!: EntityTable<StoryRecord, 'id'>;
  faqs!: EntityTable<FaqRecord, 'id'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  credentials!: EntityTable<CredentialRecord, 'owner_id'>;
  logins!: EntityTable<LoginInfoRecord, 'id'>;
  documents!: EntityTable<DocumentRecord, 'key'>;
  pictures!: EntityTable<PictureRecord, 'id'>;
  adminPages!: EntityTable<AdminPageRecord, 'key'>;
  pages!: EntityTable<PageRecord, 'slug'>;
  tablet!: EntityTable<TabletRecord, 'key'>;
  tabletClasses!: EntityTable<TabletClassRecord, 'class_code'>;
  offlineSessions!: EntityTable<OfflineSessionRecord, 'owner_id'>;
  throttles!: EntityTable<ThrottleRecord, 'key'>;

  /**
   * Chrome relaxes IndexedDB durability by default; a child's work must survive a crash, so
   * the app's connection commits strictly. The sync engine's bookkeeping may use a 'relaxed'
   * connection: losing it in a crash only means a change is sent again, and the server
   * answers a repeat with its first answer.
   */
  constructor(name = 'storynest', durability: 'strict' | 'relaxed' = 'strict') {
    super(name, { chromeTransactionDurability: durability });
    this.version(1).stores({
      tenant: '&key',
      user: '&id',
      classes: '&id, &class_id, updated_at',
      students: '&id, class_id, username, updated_at',
      books: '&id, category_id, kind, updated_at, *words',
      cart: '&item_id, added_at',
      faqs: '&id, role',
      outbox: '&id, status, created_at, [owner_id+created_at]',
      meta: '&key',
    });
    this.version(2).stores({
      credentials: '&owner_id',
    });
    this.version(3).stores({
      outbox: '&id, status, created_at, [owner_id+created_at], *entity_keys',
    });
    this.version(4).stores({
      books: '&id, category_id, kind, updated_at, *words, title',
    });
    // Per-owner status counts straight from the index: the header stays instant with
    // thousands of changes queued.
    this.version(5).stores({
      outbox: '&id, status, created_at, [owner_id+created_at], *entity_keys, [owner_id+status]',
    });
    // Login details for the teacher's cards, per class.
    this.version(6).stores({
      logins: '&id, class_id',
    });
    // The library's categories and student stories, so its filters, stories and search work
    // offline too.
    this.version(7).stores({
      categories: '&id, name',
      stories: '&id, updated_at, *words, created_at',
    });
    // Documents being written (per owner: drafts survive sign-out for their author only) and
    // the pictures made for them.
    this.version(8).stores({
      documents: '&key, [owner_id+kind], [owner_id+saved_at]',
      pictures: '&id, owner_id',
    });
    // The admin lists' last pages seen, so an admin screen still shows something offline.
    this.version(9).stores({
      adminPages: '&key, resource, saved_at',
    });
    // Public pages (/about, /privacy-policy, ...), so they open offline. Version 10: 8 and 9
    // are taken by work in other branches (admin lists, stories); versions may leave gaps.
    this.version(10).stores({
      pages: '&slug',
    });
    // A class tablet for offline sign-in (issue 27): its key and enrolment, its classes' grids
    // and verifiers, children's offline sign-ins waiting to be exchanged, and the throttles.
    this.version(11).stores({
      tablet: '&key',
      tabletClasses: '&class_code',
      offlineSessions: '&owner_id, status',
      throttles: '&key',
    });
  }
}

export const db = new DeviceDatabase();

let bookkeeping: DeviceDatabase | undefined;
/** A relaxed-durability connection to the same database, for the sync engine (see above). */
export function syncEngineDb(): DeviceDatabase {
  return (bookkeeping ??= new DeviceDatabase(db.name, 'relaxed'));
}

/**
 * A newer version of the app (in another tab) wants to upgrade the database: this tab closes
 * its connection so the upgrade can go ahead, and `then` decides what happens next (the page
 * reloads into the new version).
 */
export function onUpgradeElsewhere(database: DeviceDatabase, then: () => void) {
  database.on('versionchange', () => {
    database.close();
    then();
    return false;
  });
}
