// The fixed demo data of DEMO_DATA.md, and the deterministic generators for everything beyond
// it. Pure data and pure functions: the same output on every machine, every time.

/** A small seeded PRNG (mulberry32): deterministic demo data without a dependency. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export const DEMO_ACCOUNTS = [
  {
    role: 'upschool_admin',
    first_name: 'Platform',
    last_name: 'Admin',
    email: 'admin@example.com',
    password: 'Admin-demo-1',
    tenant: null,
  },
  {
    role: 'organization_admin',
    first_name: 'Riverbend',
    last_name: 'Admin',
    email: 'org@riverbend.example',
    password: 'Org-demo-1',
    tenant: 'riverbend',
  },
  {
    role: 'school_admin',
    first_name: 'Grace',
    last_name: 'Head',
    email: 'head@greenfield.example',
    password: 'Head-demo-1',
    tenant: 'greenfield',
  },
  {
    role: 'teacher',
    first_name: 'Tom',
    last_name: 'Teacher',
    email: 'teacher@greenfield.example',
    password: 'Teach-demo-1',
    tenant: 'greenfield',
  },
  // Not in DEMO_DATA.md's table: Hillside's class needs a teacher of its own.
  {
    role: 'teacher',
    first_name: 'Hannah',
    last_name: 'Hill',
    email: 'teacher@hillside.example',
    password: 'Teach-demo-2',
    tenant: 'hillside',
  },
] as const;

/**
 * Seeded after everything else, so every id above stays as it was: a second Greenfield teacher
 * with no classes (the shared-tablet journey signs her in after Tom). Not in DEMO_DATA.md's table.
 */
export const LATER_ACCOUNTS = [
  {
    role: 'teacher',
    first_name: 'Nadia',
    last_name: 'Novak',
    email: 'teacher2@greenfield.example',
    password: 'Teach-demo-3',
    tenant: 'greenfield',
  },
  // A second Greenfield admin (a school's charity cause is editable only by the admin who added
  // it) and Hillside's own admin (another school's records are a 404).
  {
    role: 'school_admin',
    first_name: 'Sam',
    last_name: 'Deputy',
    email: 'deputy@greenfield.example',
    password: 'Deputy-demo-1',
    tenant: 'greenfield',
  },
  {
    role: 'school_admin',
    first_name: 'Helen',
    last_name: 'Head',
    email: 'head@hillside.example',
    password: 'Head-demo-2',
    tenant: 'hillside',
  },
] as const;

export const DEMO_TENANTS = [
  {
    subdomain: 'greenfield',
    school_name: 'Greenfield Primary',
    school_email: 'office@greenfield.example',
    domain_url: 'https://greenfield.example',
    primary_color: '#2E7D32',
    button_color: '#F9A825',
    community_password: 'greenfield-parents',
    is_organization: false,
  },
  {
    subdomain: 'hillside',
    school_name: 'Hillside Academy',
    school_email: 'office@hillside.example',
    domain_url: 'https://hillside.example',
    community_password: 'hillside-parents',
    is_organization: false,
  },
  {
    subdomain: 'riverbend',
    school_name: 'Riverbend Trust',
    school_email: 'office@riverbend.example',
    domain_url: 'https://riverbend.example',
    community_password: null,
    is_organization: true,
  },
] as const;

export interface ClassSeed {
  tenant: string;
  teacher: string;
  code: string;
  name: string;
  theme: string;
  size: number;
  /** Students with fixed names and passwords, placed first in the class's roster. */
  fixed: { first_name: string; last_name: string; password: string; at?: number }[];
}

export const DEMO_CLASSES: ClassSeed[] = [
  {
    tenant: 'greenfield',
    teacher: 'teacher@greenfield.example',
    code: 'ROBINS4',
    name: 'Year 4 Robins',
    theme: '#C62828',
    size: 24,
    fixed: [{ first_name: 'Amara', last_name: 'Okafor', password: 'kite-7' }],
  },
  {
    tenant: 'greenfield',
    teacher: 'teacher@greenfield.example',
    code: 'OWLS5',
    name: 'Year 5 Owls',
    theme: '#4527A0',
    size: 45,
    fixed: [{ first_name: 'Zoe', last_name: 'Zhang', password: 'moon-3', at: 44 }],
  },
  { tenant: 'hillside', teacher: 'teacher@hillside.example', code: 'HILL3', name: 'Year 3 Hill', theme: '#00695C', size: 10, fixed: [] },
];

/** Added by SEED_SCALE=bench: one class of 2,000 students for the roster benchmark. */
export const BENCH_CLASS: ClassSeed = {
  tenant: 'greenfield',
  teacher: 'teacher@greenfield.example',
  code: 'BENCH2K',
  name: 'Benchmark Class',
  theme: '#37474F',
  size: 2000,
  fixed: [],
};
/** Added by SEED_SCALE=load: 20 classes of 30 at Greenfield for the class-start burst (bench:load). */
export const LOAD_CLASSES: ClassSeed[] = Array.from({ length: 20 }, (_, i) => ({
  tenant: 'greenfield',
  teacher: 'teacher@greenfield.example',
  code: `LOAD${String(i + 1).padStart(2, '0')}`,
  name: `Load Class ${i + 1}`,
  theme: '#37474F',
  size: 30,
  fixed: [],
}));
export const BENCH_BOOKS = 20000;
export const DEMO_BOOKS = 520;

export const FIRST_NAMES = [
  'Aisha',
  'Ben',
  'Chloe',
  'Daniel',
  'Ella',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kai',
  'Layla',
  'Mia',
  'Noah',
  'Olivia',
  'Priya',
  'Quinn',
  'Ruby',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Xavi',
  'Yara',
  'Zane',
  'Aaron',
  'Bella',
  'Caleb',
  'Daisy',
  'Ethan',
  'Freya',
  'George',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lucy',
  'Mateo',
  'Nina',
  'Oscar',
  'Poppy',
  'Rohan',
  'Sofia',
  'Theo',
  'Uma',
  'Leo',
  'Maya',
  'Arjun',
  'Elif',
] as const;

export const LAST_NAMES = [
  'Adams',
  'Brown',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jones',
  'Khan',
  'Lopez',
  'Mensah',
  'Nguyen',
  'Owen',
  'Patel',
  'Quinn',
  'Reyes',
  'Singh',
  'Taylor',
  'Usman',
  'Varga',
  'Walker',
  'Xu',
  'Young',
  'Ali',
  'Baker',
  'Costa',
  'Dubois',
  'Ellis',
  'Ford',
  'Gupta',
  'Hall',
  'Ito',
  'Jensen',
  'Kim',
  'Lewis',
  'Murphy',
  'Novak',
  'Obi',
  'Price',
  'Rossi',
  'Silva',
  'Turner',
  'Wood',
] as const;

const PASSWORD_WORDS = [
  'kite',
  'moon',
  'star',
  'leaf',
  'frog',
  'bear',
  'wave',
  'rock',
  'fern',
  'lime',
  'owl',
  'fox',
  'sun',
  'rain',
  'cake',
  'drum',
  'bell',
  'ship',
  'tree',
  'bird',
  'lamp',
  'boat',
  'snow',
  'corn',
] as const;

/** The demo seed's short passwords (DEMO_DATA.md keeps them as they are); new students get
 *  server/domains/roster/class-passwords.ts's longer ones. */
export function studentPassword(rand: () => number): string {
  return `${pick(rand, PASSWORD_WORDS)}-${Math.floor(rand() * 9) + 1}`;
}

export const CATEGORIES = [
  ['Picture Books', 'picture-books'],
  ['Adventure', 'adventure'],
  ['Science & Nature', 'science-nature'],
  ['History', 'history'],
  ['Poetry', 'poetry'],
  ['Fairy Tales & Folklore', 'fairy-tales-folklore'],
  ['Mystery', 'mystery'],
  ['Sports', 'sports'],
  ['Art & Music', 'art-music'],
  ['Friendship & Feelings', 'friendship-feelings'],
] as const;

const ADJECTIVES = [
  'Brave',
  'Secret',
  'Hidden',
  'Little',
  'Curious',
  'Golden',
  'Silver',
  'Sleepy',
  'Wild',
  'Clever',
  'Lost',
  'Tiny',
  'Giant',
  'Quiet',
  'Noisy',
  'Magic',
  'Starry',
  'Windy',
  'Rainy',
  'Happy',
  'Forgotten',
  'Wandering',
  'Gentle',
  'Mighty',
  'Bright',
] as const;
const NOUNS = [
  'Dragon',
  'Garden',
  'Lighthouse',
  'Forest',
  'River',
  'Mountain',
  'Robot',
  'Island',
  'Library',
  'Kite',
  'Comet',
  'Whale',
  'Fox',
  'Owl',
  'Bicycle',
  'Castle',
  'Ocean',
  'Volcano',
  'Balloon',
  'Treasure',
  'Moon',
  'Market',
  'Orchestra',
  'Telescope',
  'Lantern',
  'Meadow',
  'Train',
  'Tiger',
  'Snowflake',
  'Map',
] as const;
const PATTERNS = [
  (a: string, n: string) => `The ${a} ${n}`,
  (a: string, n: string, who: string) => `${who} and the ${a} ${n}`,
  (a: string, n: string) => `A ${n} Called ${a}`,
  (a: string, n: string) => `Journey to the ${a} ${n}`,
  (a: string, n: string, who: string) => `${who}'s ${a} ${n}`,
  (a: string, n: string) => `Under the ${a} ${n}`,
] as const;

export function bookTitle(rand: () => number): string {
  return pick(rand, PATTERNS)(pick(rand, ADJECTIVES), pick(rand, NOUNS), pick(rand, FIRST_NAMES));
}

export function bookDescription(title: string, category: string, rand: () => number): string {
  const mood = pick(rand, ['funny', 'gentle', 'thrilling', 'thoughtful', 'beautifully illustrated', 'award-winning']);
  const age = pick(rand, ['5 to 7', '6 to 9', '8 to 11', '10 to 13']);
  return `${title} is a ${mood} ${category.toLowerCase()} book for readers aged ${age}, loved in classrooms and at bedtime alike.`;
}

/**
 * Class books waiting for the school to publish them (issue 13), seeded after everything else so
 * every id above stays as it was. Made by the book maker in real use; here as finished drafts.
 */
export const SUBMITTED_BOOKS = [
  { tenant: 'greenfield', class: 'ROBINS4', title: 'The Robins Grow a Garden', author: 'Year 4 Robins', pages: 6 },
  { tenant: 'hillside', class: 'HILL3', title: 'Hill Class Goes to the Sea', author: 'Year 3 Hill', pages: 8 },
] as const;

export const CHARITIES = [
  [
    'Books for Every Child',
    'books-for-every-child',
    'published',
    'Puts a first book of their own into the hands of children who have none.',
  ],
  ['Clean Water for Schools', 'clean-water-for-schools', 'published', 'Builds wells and hand-washing stations at rural schools.'],
  ['Girls Learn Too', 'girls-learn-too', 'published', 'Scholarships and mentoring that keep girls in school.'],
  ['Rainforest Readers', 'rainforest-readers', 'published', 'Mobile libraries for villages along the river.'],
  ['Libraries Rebuilt', 'libraries-rebuilt', 'published', 'Restores school libraries after floods and storms.'],
  ['Story Buses', 'story-buses', 'draft', 'A reading bus for every district (in preparation).'],
  ['Winter Coats Drive', 'winter-coats-drive', 'archived', 'Last year’s coat drive, now closed.'],
] as const;

export const MODES = [
  { name: 'Library', active: true, status: 'ACTIVE', locked: false },
  { name: 'Create', active: false, status: 'INACTIVE', locked: false },
  { name: 'Learn', active: false, status: 'INACTIVE', locked: true },
  { name: 'Community', active: false, status: 'INACTIVE', locked: true },
] as const;

const faq = (role: string, section: string, title: string, body: string) => ({ role, section, title, body });
export const FAQS = [
  faq(
    'platform_success',
    'Getting started',
    'What is StoryNest?',
    '<p>StoryNest is an online library where children read, write and share stories, and where families can buy books and support charities.</p>',
  ),
  faq(
    'platform_success',
    'Getting started',
    'Do I need an account to read?',
    '<p>No. Anyone can browse the library. Sign in to save a cart across devices or to use your school’s pages.</p>',
  ),
  faq('platform_success', 'Buying books', 'Which payment methods can I use?', '<p>PayPal, PhonePe and card payments.</p>'),
  faq(
    'platform_success',
    'Offline use',
    'Does it work without internet?',
    '<p>Yes. Once opened, the library and your class work stay on the device and your changes are sent when the connection returns.</p>',
  ),
  faq(
    'teacher',
    'Classes',
    'How do my students sign in?',
    '<p>Students choose <strong>Student</strong>, type the class code, pick their name and type their password. You can print login cards with a QR code for each student.</p>',
  ),
  faq(
    'teacher',
    'Classes',
    'How do I add students?',
    '<p>Open your class and choose <strong>Add Students</strong>: type names, or upload a CSV file with first and last names.</p>',
  ),
  faq(
    'teacher',
    'Stories',
    'How do I feature a story?',
    '<p>Select stories in the table, choose <strong>Feature</strong> and <strong>Yes</strong>.</p>',
  ),
  faq('student', 'Signing in', 'I forgot my password', '<p>Ask your teacher: they can see it on your login card.</p>'),
  faq(
    'student',
    'Writing',
    'Who can read my stories?',
    '<p>That depends on your privacy setting: public, community (your school’s families) or private (your class).</p>',
  ),
  faq('school_admin', 'School', 'How do I add a teacher?', '<p>Go to <strong>Teachers</strong> and invite them by e-mail.</p>'),
  faq('school_admin', 'School', 'Where do I see donations?', '<p>Under <strong>Donations</strong> in the school admin area.</p>'),
  faq(
    'organization_admin',
    'Organization',
    'How do I link a school?',
    '<p>Schools join your organization through an invitation link from <strong>Schools</strong>.</p>',
  ),
  faq('teacher_admin', 'Classes', 'What can a teacher admin do?', '<p>Everything a teacher can, for every class of the school.</p>'),
  faq(
    'upschool_admin',
    'Platform',
    'How do I add a tenant?',
    '<p>Open <strong>All Tenants</strong> and choose <strong>Add Tenant</strong>.</p>',
  ),
  faq(
    'parent',
    'Community',
    'What can parents see?',
    '<p>Stories and books the school shares with its community. Parents sign in with the community password from the school.</p>',
  ),
] as const;

const STORY_OPENINGS = [
  'One morning the classroom window was open and a',
  'Nobody believed me when I said that a',
  'At the bottom of our garden there lives a',
  'On the first day of the holidays a',
  'My grandmother once told me about a',
] as const;

export function storyText(rand: () => number): { title: string; body: string } {
  const adjective = pick(rand, ADJECTIVES).toLowerCase();
  const noun = pick(rand, NOUNS).toLowerCase();
  const title = `The ${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
  const body = `<p>${pick(rand, STORY_OPENINGS)} ${adjective} ${noun} came to visit.</p><p>We followed it all the way to the ${pick(rand, NOUNS).toLowerCase()} and back again before tea.</p>`;
  return { title, body };
}
