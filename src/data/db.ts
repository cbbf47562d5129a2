// The device's database (IndexedDB through Dexie): the last known tenant, user, rosters,
// catalogue, cart and FAQs, the outbox of unsent writes, and a few facts about the device.
// The one place that knows Dexie; features use the typed tables from here and `useLive`
// from ./live. No React here: the service worker opens this database too.
//
// Versions only ever add: a new version() block naming the tables it adds or changes. Never edit a
// shipped one, or devices holding the old database cannot upgrade.
import Dexie, { type EntityTable } from 'dexie';
import type { PrivacyPreference, Role } from '@/contract/domain';
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
}

export interface UserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  username: string | null;
  role: Role;
  avatar: string | null;
  country: string | null;
  tenant_id: number | null;
}

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
  no_of_books: number;
  date_joined: string;
  last_login: string | null;
  updated_at: string;
}

export interface BookRecord {
  id: number;
  title: string;
  author: string;
  description: string;
  price_cents: number;
  currency: string;
  cover: string;
  category_id: number | null;
  kind: 'book' | 'story';
  /** Lower-cased word prefixes of title and author: the local search index. */
  words: string[];
  updated_at: string;
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

export type OutboxStatus = 'pending' | 'in_flight' | 'failed' | 'conflict';

export interface OutboxRecord {
  /** A client UUID, also the Idempotency-Key. */
  id: string;
  schema_version: number;
  owner_id: number;
  tenant: string | null;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
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
  updated_at: number;
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
  faqs!: EntityTable<FaqRecord, 'id'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  credentials!: EntityTable<CredentialRecord, 'owner_id'>;

  constructor(name = 'storynest') {
    // Chrome relaxes IndexedDB durability by default; a child's work must survive a crash.
    super(name, { chromeTransactionDurability: 'strict' });
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
  }
}

export const db = new DeviceDatabase();
