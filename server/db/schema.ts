// The database schema for the whole product. Column names are the API's
// field names, so a row maps onto an answer without renaming. Every tenant-owned table carries
// tenant_id; every table the PWA pulls carries updated_at (and deleted_at where rows can go
// away) so pull sync can ask "what changed since".
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from '../../src/contract/delivery-address';
import type { RenderedBook } from '../lib/book-render';
import type { Locale } from '../../src/contract/locales';
import type {
  BookKind,
  BookStatus,
  CharityStatus,
  OrderKind,
  OrderStatus,
  PaymentProvider,
  PrintProgress,
  PrivacyPreference,
  Reaction,
  Role,
  StoryStatus,
  SubscriptionInterval,
  SubscriptionStatus,
} from '../../src/contract/domain';

/**
 * Bytes read as a plain Uint8Array over the driver's memory (node-postgres and PGlite's parser in
 * client.ts give a Buffer): a view, not a copy of a document's megabytes.
 */
export const viewOf = (value: Uint8Array) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/** Binary data (a Yjs document's state, a picture's bytes): bytea on both databases. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: viewOf,
});

/**
 * A JSON answer kept as the bytes that were sent (bytea): stored and replayed without parsing or
 * writing its JSON again. A document's answer is megabytes; as jsonb, parsing it three times (the
 * answer, drizzle's string, PostgreSQL's jsonb) held the event loop for 200 to 370 ms in PGlite.
 * A value that is not bytes yet (an empty answer `{}`) is written as its JSON.
 */
const jsonBytes = customType<{ data: unknown; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (value instanceof Uint8Array ? value : Buffer.from(JSON.stringify(value ?? {}))),
  fromDriver: viewOf,
});

/**
 * A JSON value of megabytes (a book's rendered pages) kept as its text's bytes (bytea): PGlite
 * parsing it into jsonb held the event loop for about 100 ms a book. Never queried inside.
 */
function jsonText<T>() {
  return customType<{ data: T; driverData: Uint8Array }>({
    dataType: () => 'bytea',
    toDriver: (value) => Buffer.from(JSON.stringify(value)),
    fromDriver: (value) => JSON.parse(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString()) as T,
  })();
}

/** Uploaded files' bytes when they are kept in the database (providers/storage/database.ts). */
export { storedFiles } from '../providers/storage/database';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const at = () => timestamp({ withTimezone: true, mode: 'date' });
const createdAt = () => at().notNull().defaultNow();
const updatedAt = () =>
  at()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const color = (fallback: string) => text().notNull().default(fallback);

export const tenants = pgTable('tenants', {
  id: id(),
  school_name: text().notNull(),
  school_email: text().notNull(),
  domain_url: text().notNull().default(''),
  /**
   * The host of `domain_url` once the school proved it controls it (a DNS TXT record holding its
   * token): requests for this host are served as the school's site. Only counts while it is still
   * domain_url's host; null until verified.
   */
  domain_host: text().unique(),
  subdomain: text().notNull().unique(),
  switchboard: boolean().notNull().default(true),
  logo: text(),
  is_organization: boolean().notNull().default(false),
  /** argon2id hash of the parents' shared community password; null: no community access. */
  community_password_hash: text(),
  /**
   * A registered school stays off until its e-mail address is confirmed (/verification): its
   * staff cannot sign in and its site is not listed. Seeded and older tenants are live.
   */
  awaiting_verification: boolean().notNull().default(false),
  /** Teachers may publish their classes' submitted books themselves (else the school admin does). */
  teachers_publish_books: boolean().notNull().default(false),
  /** The language of the school's site: visitors and children get it unless they choose another. */
  default_language: text().$type<Locale>().notNull().default('en'),
  /** A visitor (nobody signed in) gets the browser's language instead, when the product has it. */
  allow_browser_language: boolean().notNull().default(false),
  /** SHA-256 of the confirmation link's token, and when that link stops working. */
  verification_token_hash: text(),
  verification_expires_at: at(),
  primary_color: color('#11365A'),
  primary_color_light: color('#11365A'),
  primary_color_dark: color('#11365A'),
  bg_primary_color: color('#ADC7FA'),
  bg_secondary_color: color('#EEF3FE'),
  announcement_color: color('#11365A'),
  button_color: color('#d71a5f'),
  book_button_color: color('#d71a5f'),
  text_primary_color: color('#1B1F24'),
  text_secondary_color: color('#374151'),
  text_muted_color: color('#4B5563'),
  border_primary_color: color('#11365A'),
  border_muted_color: color('#CBD5E1'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * A tenant's uploaded logo (registration). Its bytes are in the file store (storageKey.logo:
 * the database or the bucket, so every API process serves it); `tenants.logo` holds its URL,
 * versioned by the content's hash.
 */
export const tenantLogos = pgTable('tenant_logos', {
  tenant_id: integer()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  content_type: text().notNull(),
  sha256: text().notNull(),
  updated_at: updatedAt(),
});

/** An organization tenant's linked schools (Tenant.organizations). */
export const organizationLinks = pgTable(
  'organization_links',
  {
    organization_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    school_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.school_id] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for platform users (upschool_admin). */
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    role: text().$type<Role>().notNull(),
    /** Staff sign in by e-mail (unique across the platform); students may have none. */
    email: text().unique(),
    /** Students sign in by username, unique within their tenant. */
    username: text(),
    first_name: text().notNull(),
    last_name: text().notNull(),
    avatar: text(),
    country: text(),
    /** argon2id hash; null for students, whose passwords are encrypted in students. */
    password_hash: text(),
    is_active: boolean().notNull().default(true),
    /**
     * The language a staff member chose (it follows them to every device); null: the school's.
     * Children's choices stay on the device they use.
     */
    language: text().$type<Locale>(),
    date_joined: createdAt(),
    last_login: at(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_tenant_username').on(t.tenant_id, t.username),
    index('users_tenant_role').on(t.tenant_id, t.role),
    // Staff sign in by e-mail in any case (domains/auth/users.ts: lower(email) = ...).
    index('users_email_lower').on(sql`lower(${t.email})`),
    // The admin users list: newest first, alone or by role (first page with a filter).
    index('users_joined').on(t.date_joined, t.id),
    index('users_role_joined').on(t.role, t.date_joined, t.id),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: id(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The class code students type (e.g. ROBINS4). Unique on the platform. */
    class_id: text().notNull().unique(),
    name: text().notNull(),
    class_theme: text().notNull().default('#11365A'),
    teacher_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A child's story is seen by others only after a teacher approves it (on by default). */
    review_stories: boolean().notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: at(),
  },
  (t) => [
    index('classes_tenant').on(t.tenant_id, t.updated_at, t.id),
    // The sign-in page finds a class by its code in any case (upper(class_id) = ...).
    index('classes_code_upper').on(sql`upper(${t.class_id})`),
  ],
);

export const students = pgTable(
  'students',
  {
    user_id: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    class_id: integer().references(() => classes.id, { onDelete: 'set null' }),
    privacy_preference: text().$type<PrivacyPreference>().notNull().default('private'),
    archived: boolean().notNull().default(false),
    is_featured: boolean().notNull().default(false),
    /** The class password, AES-256-GCM under the server key: teachers print it on login cards. */
    password_encrypted: text().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('students_class').on(t.class_id), index('students_tenant').on(t.tenant_id, t.updated_at, t.user_id)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    /** Null: the platform catalogue, shown on every site. */
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Names and slugs are unique per scope: a school's own, and the platform's (tenant_id null).
    uniqueIndex('categories_school_name').on(t.tenant_id, sql`lower(${t.name})`),
    uniqueIndex('categories_platform_name')
      .using('btree', sql`lower(${t.name})`)
      .where(sql`tenant_id is null`),
    uniqueIndex('categories_school_slug').on(t.tenant_id, t.slug),
    uniqueIndex('categories_platform_slug')
      .on(t.slug)
      .where(sql`tenant_id is null`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: id(),
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    category_id: integer().references(() => categories.id, { onDelete: 'set null' }),
    title: text().notNull(),
    author: text().notNull(),
    description: text().notNull().default(''),
    price_cents: integer().notNull(),
    currency: text().notNull().default('USD'),
    cover: text().notNull(),
    /** In the library: true only while status is 'published' and no moderator has hidden it. */
    published: boolean().notNull().default(true),
    is_featured: boolean().notNull().default(false),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().$type<BookKind>().notNull().default('catalogue'),
    status: text().$type<BookStatus>().notNull().default('published'),
    /** The class that made the book (a class book credits each page to its child). */
    class_id: integer().references(() => classes.id, { onDelete: 'set null' }),
    /** The school's charity cause that receives part of each sale. */
    charity_id: integer().references(() => charities.id, { onDelete: 'set null' }),
    /** A made book's pages: a Yjs state, merged like a story's (null for other kinds). */
    doc: bytes(),
    /**
     * The pages rendered from `doc` (HTML, plain text, pictures, each page's author by id), made
     * when the document changes so a read renders nothing; null for a book saved before renderings
     * were kept (rendered on its first read, then kept).
     */
    rendered: jsonText<RenderedBook>(),
    page_count: integer().notNull().default(0),
    /** A made or uploaded book's address, made on the device (so an offline draft has one). */
    slug: text(),
    /** An uploaded finished book as a PDF, kept in the file store (storageKey.bookFile); page images are pictures instead. */
    has_file: boolean().notNull().default(false),
    submitted_at: at(),
    published_at: at(),
    /** Set by a moderator: the book leaves every library and device at the next sync. */
    hidden_at: at(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: at(),
  },
  (t) => [
    index('books_updated').on(t.updated_at, t.id),
    index('books_category').on(t.category_id),
    index('books_tenant_status').on(t.tenant_id, t.status),
    index('books_class').on(t.class_id),
    uniqueIndex('books_tenant_slug').on(t.tenant_id, t.slug),
  ],
);

/**
 * Student stories ("blogs"). The document itself is a Yjs state (`doc`): every device's offline
 * edits merge into it without loss. From it the server renders `body` (sanitised HTML, the only
 * HTML ever shown to readers) and `excerpt` (plain text). `privacy_preference` is the story's own
 * visibility; the author's current privacy, archived and active state narrow it further.
 */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    author_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    class_id: integer().references(() => classes.id, { onDelete: 'set null' }),
    title: text().notNull(),
    /** Made on the device when the draft is started (a readable part and a random part), so an
     *  offline draft has its address before the server knows it. Unique per site. */
    slug: text().notNull(),
    /** Sanitised HTML rendered from `doc` by the server. */
    body: text().notNull(),
    /** Plain text: the start of the story, for cards and search. */
    excerpt: text().notNull().default(''),
    word_count: integer().notNull().default(0),
    /** The Yjs document state; null for a story that has never been edited as a document. */
    doc: bytes(),
    cover: text(),
    privacy_preference: text().$type<PrivacyPreference>().notNull().default('public'),
    status: text().$type<StoryStatus>().notNull().default('draft'),
    /** Where the writer was (1 title and cover, 2 the story, 3 what it is about, 4 who may read it). */
    step: integer().notNull().default(1),
    category_id: integer().references(() => categories.id, { onDelete: 'set null' }),
    /** UN Sustainable Development Goals (1 to 17) the story carries. */
    sdgs: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The school's charity cause the story supports. */
    charity_id: integer().references(() => charities.id, { onDelete: 'set null' }),
    /** 'written' in the editor, or 'uploaded' by a teacher as a finished piece. */
    source: text().$type<'written' | 'uploaded'>().notNull().default('written'),
    /** The plain text as the child submitted it, so the child can see what a teacher changed. */
    submitted_text: text(),
    /** The plain text when a teacher last sent the story back with a comment: the teacher sees what the child changed since. */
    returned_text: text(),
    review_comment: text(),
    reviewed_by: integer().references(() => users.id, { onDelete: 'set null' }),
    submitted_at: at(),
    reviewed_at: at(),
    published_at: at(),
    is_featured: boolean().notNull().default(false),
    is_archived: boolean().notNull().default(false),
    /** Set by a moderator (book monitoring): off every shelf and device at the next sync. */
    hidden_at: at(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: at(),
  },
  (t) => [
    index('stories_tenant').on(t.tenant_id, t.updated_at, t.id),
    uniqueIndex('stories_tenant_slug').on(t.tenant_id, t.slug),
    index('stories_author').on(t.author_id, t.updated_at),
    index('stories_class_status').on(t.class_id, t.status),
  ],
);

/**
 * Pictures of stories and books, resized on the device before upload. The id is made on the
 * device too (a UUID), so a document can show a picture before it has been sent.
 */
export const pictures = pgTable(
  'pictures',
  {
    id: text().primaryKey(),
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    owner_id: integer().references(() => users.id, { onDelete: 'set null' }),
    content_type: text().notNull(),
    /**
     * The bytes are in the file store (storageKey.picture), with, for a WebP or PNG picture, a
     * JPEG copy made when it is stored (storageKey.picturePrint), so printing never converts (PDF has no WebP).
     */
    width: integer().notNull(),
    height: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('pictures_owner').on(t.owner_id)],
);

/** One reaction per reader per story (a user, or a parents' household: the school and its network address), changeable. */
export const storyReactions = pgTable(
  'story_reactions',
  {
    story_id: integer()
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** `u:<user id>` for a signed-in reader, `a:<hash of the school and network address>` for a parent (`c:` rows: by session, before). */
    reader: text().notNull(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reaction: text().$type<Reaction>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.story_id, t.reader] }), index('story_reactions_tenant').on(t.tenant_id)],
);

export const charities = pgTable(
  'charities',
  {
    id: id(),
    /** Null: a platform charity, offered on every site. */
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull().default(''),
    image: text(),
    goal_cents: integer().notNull().default(0),
    status: text().$type<CharityStatus>().notNull().default('draft'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('charities_tenant_created').on(t.tenant_id, t.created_at, t.id)],
);

/** Switchboard modes. */
export const modes = pgTable('modes', {
  id: id(),
  name: text().notNull(),
  image: text(),
  locked: boolean().notNull().default(false),
  active: boolean().notNull().default(false),
  status: text().notNull().default('INACTIVE'),
  sort_order: integer().notNull().default(0),
  created_at: createdAt(),
});

export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    role: text().notNull(),
    section: text().notNull(),
    title: text().notNull(),
    /** HTML, written by platform staff. */
    body: text().notNull(),
    sort_order: integer().notNull().default(0),
    /** When platform staff last saved it (the admin list's date filter). */
    updated_at: updatedAt(),
  },
  (t) => [index('faqs_role').on(t.role)],
);

/**
 * Public pages as content (/about, /privacy-policy, ...): a platform default per slug
 * (tenant_id null) that a school site may override with its own row. `body` is HTML that was
 * sanitised on the way in; readers sanitise it again before showing it.
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    /** For search engines (meta description). */
    description: text().notNull(),
    body: text().notNull(),
    updated_by: integer().references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_site_slug').on(t.tenant_id, t.slug),
    // Two platform defaults for one slug would make the fallback ambiguous.
    uniqueIndex('pages_platform_slug')
      .on(t.slug)
      .where(sql`tenant_id is null`),
  ],
);

/**
 * What visitors send through the public forms (/contact, /report-a-problem, /request-a-tour,
 * /bulk-enrolment). `client_key` is the device's key for the submission: a form queued offline
 * and sent twice is stored once.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: id(),
    tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text().$type<'contact' | 'report' | 'tour' | 'bulk_enrolment'>().notNull(),
    client_key: text().notNull().unique(),
    name: text().notNull(),
    email: text().notNull(),
    /** The form's other fields, as validated by its schema in src/contract/forms.ts. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** new, then reviewed or imported by the platform admin. */
    status: text().$type<'new' | 'reviewed' | 'imported'>().notNull().default('new'),
    created_at: createdAt(),
  },
  (t) => [index('form_submissions_kind').on(t.kind, t.created_at)],
);

/** A signed-in user's cart: one row per item. */
export const cartItems = pgTable(
  'cart_items',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    book_id: integer()
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    added_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.book_id] })],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    tenant_id: integer().references(() => tenants.id, { onDelete: 'set null' }),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().$type<OrderKind>().notNull(),
    charity_id: integer().references(() => charities.id, { onDelete: 'set null' }),
    email: text(),
    status: text().$type<OrderStatus>().notNull().default('pending'),
    print_status: text().$type<PrintProgress>(),
    total_cents: integer().notNull(),
    /** What has been refunded of total_cents (refunds); raised and revenue figures count the rest. */
    refunded_cents: integer().notNull().default(0),
    currency: text().notNull().default('USD'),
    /** A subscription charge: its subscription and the invoice's line (plan, variant, period). */
    subscription_id: integer().references(() => subscriptions.id, { onDelete: 'set null' }),
    description: text(),
    /** Where the printed copies of a book order go (DeliveryAddress); null for other kinds. */
    delivery_address: jsonb().$type<DeliveryAddress>(),
    /** The name a guest donor gave for the certificate (a signed-in donor's is their account's). */
    donor_name: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('orders_user').on(t.user_id),
    // The admin orders list: newest first, alone or by status or tenant.
    index('orders_created').on(t.created_at, t.id),
    index('orders_status_created').on(t.status, t.created_at, t.id),
    index('orders_tenant_created').on(t.tenant_id, t.created_at, t.id),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    order_id: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    book_id: integer()
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    price_cents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.book_id] })],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    order_id: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().$type<PaymentProvider>().notNull(),
    /**
     * Our reference for this payment; a callback is matched by it, and it is the provider's
     * idempotency key for the call that opens (or, for a renewal, charges) the payment.
     */
    provider_ref: text().notNull().unique(),
    /** A real provider's own id for the payment (Checkout Session, PayPal order): status calls ask by it. */
    external_ref: text(),
    /** The provider's id a refund names when it is not external_ref (PaymentIntent, PayPal capture). */
    capture_ref: text(),
    amount_cents: integer().notNull(),
    /** What has been refunded at the provider; never more than amount_cents. */
    refunded_cents: integer().notNull().default(0),
    currency: text().notNull(),
    status: text().$type<OrderStatus>().notNull().default('pending'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    completed_at: at(),
  },
  (t) => [
    index('payments_order').on(t.order_id),
    index('payments_created').on(t.created_at, t.id),
    // The reconciliation job's question: which payments are still pending, oldest first.
    index('payments_pending')
      .on(t.created_at)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Each provider event (webhook) applied, by the provider's own event id: a duplicate or a
 * replay finds its row and changes nothing. Written in the transaction that applies the event.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().$type<PaymentProvider>().notNull(),
    event_id: text().notNull(),
    payment_id: integer().references(() => payments.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_id] })],
);

/**
 * A paid order of printed books, handed to the print provider (services/print/jobs.ts). Written
 * in the payment's transaction, so a paid order always has its job; a background job submits
 * it outside any transaction and records each failure (attempts, last_error) with a retry time,
 * so nothing is lost and the platform admin sees what went wrong.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    order_id: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The provider's reference for the job once it accepted it; its callbacks name it. */
    provider_ref: text().unique(),
    submitted_at: at(),
    attempts: integer().notNull().default(0),
    last_error: text(),
    /** A failed submission is tried again from this time on (exponential backoff). */
    next_attempt_at: at(),
    /** A printer run claimed it until this time (it calls the provider outside any transaction). */
    claimed_until: at(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('print_jobs_due').on(t.submitted_at, t.next_attempt_at)],
);

/** Each provider callback applied, by its event id: the same event is never applied twice. */
export const printEvents = pgTable('print_events', {
  event_id: text().primaryKey(),
  order_id: integer()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text().$type<PrintProgress>().notNull(),
  received_at: createdAt(),
});

/** A refund recorded against the provider: part or all of a successful payment. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    payment_id: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount_cents: integer().notNull(),
    /** The provider's reference for the refund (unique: a provider refund is recorded once). */
    provider_ref: text().notNull().unique(),
    reason: text().notNull().default(''),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('refunds_payment').on(t.payment_id)],
);

/** A plan a school or an organization subscribes to; its prices are its variants. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** False: archived (no new subscribers; existing ones keep renewing). */
  active: boolean().notNull().default(true),
  created_at: createdAt(),
});

/** The switchboard modes a plan unlocks for its subscribers. */
export const planModes = pgTable(
  'plan_modes',
  {
    plan_id: integer()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    mode_id: integer()
      .notNull()
      .references(() => modes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.plan_id, t.mode_id] })],
);

/** A plan's price: monthly or yearly, in a currency, for a number of seats. */
export const subscriptionVariants = pgTable(
  'subscription_variants',
  {
    id: id(),
    plan_id: integer()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    interval: text().$type<SubscriptionInterval>().notNull(),
    price_cents: integer().notNull(),
    currency: text().notNull().default('USD'),
    seats: integer().notNull(),
    active: boolean().notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index('subscription_variants_plan').on(t.plan_id)],
);

/**
 * A school's or an organization's subscription. pending (awaiting its first payment), active,
 * past_due (a renewal failed: still open until grace_until, retried daily), cancelled (ended at
 * period end, or its grace ran out). The provider's mandate charges the renewals.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    plan_id: integer()
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'restrict' }),
    variant_id: integer().references(() => subscriptionVariants.id, { onDelete: 'restrict' }),
    status: text().$type<SubscriptionStatus>().notNull(),
    provider: text().$type<PaymentProvider>(),
    /** The provider's standing authority to charge renewals (the sandbox's: approve or decline). */
    mandate: text(),
    current_period_start: at(),
    current_period_end: at().notNull(),
    cancel_at_period_end: boolean().notNull().default(false),
    grace_until: at(),
    last_attempt_at: at(),
    renewal_attempts: integer().notNull().default(0),
    ended_at: at(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('subscriptions_tenant').on(t.tenant_id, t.status), index('subscriptions_due').on(t.status, t.current_period_end)],
);

/** Which switchboard modes a school offers: a row with offered=false hides one (default: all). */
export const tenantModes = pgTable(
  'tenant_modes',
  {
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    mode_id: integer()
      .notNull()
      .references(() => modes.id, { onDelete: 'cascade' }),
    offered: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.mode_id] })],
);

export const pins = pgTable(
  'pins',
  {
    id: id(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    content_type: text().notNull(),
    object_id: integer().notNull(),
    is_pinned: boolean().notNull(),
    expiry_date: at(),
    pinned_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('pins_content').on(t.tenant_id, t.content_type, t.object_id)],
);

export const invitations = pgTable('invitations', {
  id: id(),
  tenant_id: integer().references(() => tenants.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token sent in the link; the token itself is never stored. */
  token_hash: text().notNull().unique(),
  email: text().notNull(),
  role: text().$type<Role>().notNull(),
  kind: text().$type<'school' | 'organization' | 'user'>().notNull(),
  invited_by: integer().references(() => users.id, { onDelete: 'set null' }),
  expires_at: at().notNull(),
  accepted_at: at(),
  created_at: createdAt(),
});

/**
 * Mail the server has to send. Written in the same transaction as its cause. The body is
 * emptied once the mail is sent or its link has expired (`expires_at`), so working reset and
 * invitation links never stay here.
 */
export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  tenant_id: integer().references(() => tenants.id, { onDelete: 'set null' }),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  created_at: createdAt(),
  sent_at: at(),
  attempts: integer().notNull().default(0),
  last_error: text(),
  /** When the mail's link stops working: it is not sent after, and its body is emptied. */
  expires_at: at(),
  /** A failed send is tried again from this time on (exponential backoff). */
  next_attempt_at: at(),
  /** A mailer claimed it until this time (it sends outside any transaction; others skip it). */
  claimed_until: at(),
});

/** The first answer to each Idempotency-Key, so a replayed write is never applied twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    path: text().notNull(),
    request_hash: text().notNull(),
    status_code: integer().notNull(),
    /** The answer's JSON as sent (jsonBytes): replayed as it is. */
    response_body: jsonBytes().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('idempotency_keys_created').on(t.created_at)],
);

/**
 * The rest of an answer longer than one part (idempotency.ts keeps the first in `response_body`):
 * each part is written by a statement of its own, so a document's answer of megabytes never holds
 * PGlite's thread in one.
 */
export const idempotencyAnswerParts = pgTable(
  'idempotency_answer_parts',
  {
    key: text()
      .notNull()
      .references(() => idempotencyKeys.key, { onDelete: 'cascade' }),
    n: integer().notNull(),
    bytes: bytes().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.n] })],
);

/**
 * Issued refresh tokens. Each use rotates: the token is marked rotated (replaced_by names its
 * successor) and a new one of the same family is issued. Presenting a rotated token again after
 * the grace window revokes the whole family (server/domains/auth/tokens.ts). Revoking ends a session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: at().notNull(),
    revoked_at: at(),
    /** The sign-in this token descends from (its first token's jti); null: the token's own jti. */
    family: text(),
    /** No token of the family outlives this (the session's absolute lifetime); null: expires_at. */
    family_expires_at: at(),
    rotated_at: at(),
    replaced_by: text(),
  },
  (t) => [index('refresh_tokens_family').on(t.family), index('refresh_tokens_user').on(t.user_id)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  token_hash: text().primaryKey(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: at().notNull(),
  used_at: at(),
  created_at: createdAt(),
});

/** Parents' community sessions (a cookie holds the token; its hash is the key). */
export const communitySessions = pgTable('community_sessions', {
  token_hash: text().primaryKey(),
  tenant_id: integer()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
  expires_at: at().notNull(),
  revoked_at: at(),
});

/**
 * Failure counters for sign-in throttling, per account and per device (never per IP alone:
 * a whole school shares one address). Kept in the database so several API processes agree.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  window_started_at: at().notNull(),
  locked_until: at(),
});

/** One-row facts about this installation (e.g. when the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
});

export type TenantRow = typeof tenants.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;
export type StudentRow = typeof students.$inferSelect;

/**
 * Class tablets enrolled for offline sign-in (issue 27): the device's public key (a JWK of an
 * ECDSA P-256 key made on the tablet), who enrolled it, until when, and whether it was revoked.
 */
export const tabletEnrolments = pgTable(
  'tablet_enrolments',
  {
    id: text().primaryKey(),
    tenant_id: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    public_key: jsonb().$type<{ kty: 'EC'; crv: 'P-256'; x: string; y: string }>().notNull(),
    enrolled_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: at().notNull(),
    revoked_at: at(),
    last_seen_at: at(),
  },
  (t) => [index('tablet_enrolments_tenant').on(t.tenant_id)],
);

/** The classes a tablet signs children of in offline. */
export const tabletClasses = pgTable(
  'tablet_classes',
  {
    enrolment_id: text()
      .notNull()
      .references(() => tabletEnrolments.id, { onDelete: 'cascade' }),
    class_id: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.enrolment_id, t.class_id] }), index('tablet_classes_class').on(t.class_id)],
);

/**
 * A child's offline password verifier: PBKDF2-SHA256 of the class password with a random salt.
 * `password_check` (an HMAC of the password under the server's key) tells cheaply whether the
 * password changed since; a changed password gets a new verifier (a new salt).
 */
export const offlineVerifiers = pgTable('offline_verifiers', {
  user_id: integer()
    .primaryKey()
    .references(() => students.user_id, { onDelete: 'cascade' }),
  salt: text().notNull(),
  iterations: integer().notNull(),
  hash: text().notNull(),
  password_check: text().notNull(),
  created_at: createdAt(),
});

/** Nonces of a tablet's signed requests, kept so a signed request is accepted once. */
export const tabletNonces = pgTable(
  'tablet_nonces',
  {
    enrolment_id: text()
      .notNull()
      .references(() => tabletEnrolments.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    used_at: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.enrolment_id, t.nonce] })],
);
