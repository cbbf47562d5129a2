// The platform's default public pages, seeded once (deterministically) and then edited by staff
// through PUT /pages/{slug}/. What the privacy policy says is what the code does: keep the two
// in step (token lifetimes in server/domains/auth/tokens.ts, idempotency retention in
// server/http/idempotency.ts, the device wipe in src/data/personal-data.ts).
import type { PageSlug } from '../../src/contract/public-pages';

export interface PageContent {
  slug: PageSlug;
  title: string;
  description: string;
  body: string;
}

const p = (slug: PageSlug, title: string, description: string, ...html: string[]): PageContent => ({
  slug,
  title,
  description,
  body: html.join('\n'),
});

export const DEFAULT_PAGES: PageContent[] = [
  p(
    'about',
    'About StoryNest',
    'StoryNest is a classroom library where children read, write and publish stories, and where families buy books and give to causes their school supports.',
    '<p>StoryNest is a library and a writing room for schools. Children read books and their classmates’ stories, write their own, and publish them to their class, their school community or the world. Teachers run their classes from one dashboard; schools get their own site with their own name, colours and logo.</p>',
    '<h2>Who it is for</h2>',
    '<ul><li><strong>Students</strong> sign in with a class code, their name and a short password, or by scanning the QR code on their login card, so even the youngest can start on their own.</li><li><strong>Teachers</strong> add classes and students, print login cards, review and feature stories, and pin the best work for everyone to see.</li><li><strong>Parents</strong> enter their school’s community with one shared password and read what their children’s classes publish. They never need an account.</li><li><strong>Schools and trusts</strong> manage their teachers, classes, book sales and charity causes.</li></ul>',
    '<h2>Built for real classrooms</h2>',
    '<p>School internet drops out. StoryNest keeps working when it does: the library, your classes and everything you change stay on the device and are sent once the connection is back, exactly once. Shared tablets are safe to pass on: signing out removes the last child’s personal data from the device.</p>',
    '<h2>Reading, writing and giving</h2>',
    '<p>Every purchase and donation supports a cause a school has chosen. Children can link their stories to the UN Sustainable Development Goals and to their school’s charity, so what they write and what they raise belong together.</p>',
  ),
  p(
    'our-framework',
    'Our framework: read, write, give',
    'How StoryNest teaches writing, reading and giving: a cycle of reading models, drafting and reviewing, publishing to a real audience, and supporting a cause.',
    '<p>StoryNest follows one cycle that teachers already know, and gives each step a place in the app.</p>',
    '<h2>1. Read</h2><p>Children read widely in the library: books by authors and stories by children their own age. Reading peers’ work shows them what is possible and gives them a reason to write.</p>',
    '<h2>2. Write</h2><p>Children draft a story in four steps: a title and cover, the story itself, what it is about (its category, the Sustainable Development Goals it carries and the cause it supports), and who may read it. Drafts are saved on the device as they type, even offline.</p>',
    '<h2>3. Review</h2><p>When a class reviews stories, a teacher reads each one before it is published, can suggest changes, and the child sees exactly what changed from what they handed in.</p>',
    '<h2>4. Publish</h2><p>A story is shown to the audience its writer chose: <strong>public</strong> (anyone), <strong>community</strong> (the school’s families) or <strong>private</strong> (the class and its teachers). Teachers can feature and pin stories so the best work is seen first.</p>',
    '<h2>5. Give</h2><p>Schools choose charity causes; books bought and donations made through the school’s site count towards them, and every donor gets a certificate. Children see what their writing community has raised.</p>',
  ),
  p(
    'our-team',
    'Our team',
    'The people behind StoryNest: teachers, librarians, engineers and a children’s safeguarding lead.',
    '<p>StoryNest is made by a small team of former teachers, school librarians and engineers. We design every screen with a class of eight-year-olds and a busy school office in mind.</p>',
    '<h2>What each of us does</h2>',
    '<ul><li><strong>Education</strong>: former primary and secondary teachers write our help articles, our guided tours and our writing challenges, and run training for schools.</li><li><strong>Library</strong>: librarians choose and describe the books in the catalogue and check that every book is right for its age group.</li><li><strong>Safeguarding</strong>: our safeguarding lead reviews every report made through <a href="/report-a-problem">Report a problem</a> and decides what happens to the book or story.</li><li><strong>Engineering</strong>: we build StoryNest to work on old tablets and poor connections, and to keep children’s data to the minimum.</li><li><strong>School support</strong>: answers every message sent through <a href="/contact">Contact us</a>, on school days within one working day.</li></ul>',
    '<p>Want to work with us or pilot a new feature in your school? <a href="/contact">Get in touch</a>.</p>',
  ),
  p(
    'global-reach',
    'Global reach',
    'Schools, countries, students and stories on StoryNest, counted live from the platform.',
    '<p>StoryNest is used by schools of every size, from a single village class to trusts of many schools. The figures below are counted from the platform itself, so they are always current.</p>',
    '<p>Each school has its own site and its own library; see them all on <a href="/libraries">Libraries</a>.</p>',
  ),
  p(
    'testimonials',
    'What schools say',
    'Teachers, school leaders and parents on using StoryNest in their classrooms.',
    '<blockquote><p>“My Year 4s sign themselves in with their cards in under a minute. The internet in our hut classroom cuts out every morning and nobody loses a word.”</p><footer>A Year 4 teacher</footer></blockquote>',
    '<blockquote><p>“Publishing to the community changed how my class writes. They know their families will read it, so they redraft without being asked.”</p><footer>A Year 6 teacher and English lead</footer></blockquote>',
    '<blockquote><p>“We set up our site with our own colours and logo in an afternoon, and the book sale for our library appeal ran itself.”</p><footer>A primary school business manager</footer></blockquote>',
    '<blockquote><p>“I read my daughter’s stories on the bus home. I don’t need another account, just the school’s community password.”</p><footer>A parent</footer></blockquote>',
    '<p>Tell us about your school’s experience through <a href="/contact">Contact us</a>; with your permission we may share it here.</p>',
  ),
  p(
    'acknowledgement',
    'Acknowledgement',
    'The people, schools and open-source projects StoryNest is built with.',
    '<p>StoryNest exists because teachers and children tried early versions and told us honestly what did not work. We thank every pilot school, every class that wrote the first stories in the library, and every parent who read them.</p>',
    '<h2>Open source</h2><p>StoryNest is built on open-source software, including React, TanStack Router, Dexie, XState, Hono, Drizzle ORM, PostgreSQL and PGlite, Tiptap and Yjs, DOMPurify, driver.js, jsPDF and ZXing. We thank their authors and maintainers.</p>',
    '<h2>The Sustainable Development Goals</h2><p>The 17 goals children link their stories to are the United Nations’ <a href="https://sdgs.un.org/goals" target="_blank" rel="noopener noreferrer">Sustainable Development Goals</a>.</p>',
  ),
  p(
    'terms-of-use',
    'Terms of use',
    'The rules for using StoryNest: accounts, children’s work, what may be published, purchases and donations.',
    '<p>These terms apply to everyone who uses StoryNest: visitors, parents, students, teachers and school staff. By using the site you agree to them. If a school set up your account, the school’s agreement with us also applies.</p>',
    '<h2>Accounts</h2><ul><li>Schools create accounts for their staff and students. Staff sign in with an e-mail address and password; students with a class code, their name and a password their teacher can see and reset.</li><li>Keep your password to yourself. Teachers: keep printed login cards in the classroom.</li><li>Parents use the school’s shared community password, which the school gives only to its families. Do not share it outside the school community.</li></ul>',
    '<h2>Children’s work</h2><ul><li>A story belongs to the child who wrote it. By publishing it on StoryNest the child’s school allows us to show it to the audience chosen for it (public, community or private) and nothing more.</li><li>Teachers may review, feature, pin or archive work in their classes. A school may remove any of its students’ work.</li></ul>',
    '<h2>What may not be published</h2><p>Nothing unkind, unsafe, hateful, or that shares a child’s personal details (full address, phone number, photos of faces). Use <a href="/report-a-problem">Report a problem</a> on any book or story that breaks these rules; our safeguarding lead reviews every report.</p>',
    '<h2>Purchases and donations</h2><p>Prices are shown before you pay. Payments are taken by the payment provider you choose (PayPal, PhonePe or card); we never see or keep your card number. What you may get back is set out in our <a href="/refund-policy">refund policy</a>.</p>',
    '<h2>Changes and contact</h2><p>We may change these terms; the date of the last change is shown on this page. Questions: <a href="/contact">Contact us</a>.</p>',
  ),
  p(
    'refund-policy',
    'Refund policy',
    'What a buyer of a book or a printed copy can get back, within what time, and how to ask for it.',
    '<p>We want every book to arrive as ordered and every payment to be right. This is what you can get back and how.</p>',
    '<h2>Digital books</h2><ul><li>If a digital book will not open or is not the book described, you get a full refund.</li><li>Ask within <strong>14 days</strong> of the purchase. If you have not opened the book yet, you may also cancel for any reason within those 14 days.</li></ul>',
    '<h2>Printed copies</h2><ul><li>A printed copy that arrives damaged, misprinted or is not what you ordered is replaced or refunded in full, including delivery. Tell us within <strong>30 days</strong> of delivery and include a photo of the problem.</li><li>You may cancel a printed copy for a full refund until it is sent to the printer (its status is still <em>open</em> or <em>paid</em> on your order’s tracking page). Once it is <em>queued for processing</em> it is printed for you and cannot be cancelled, unless it arrives faulty.</li><li>You do not need to send a faulty copy back.</li></ul>',
    '<h2>Payments that went wrong</h2><p>If you were charged twice, or charged for an order that shows as <em>failed</em> or <em>cancelled</em>, we refund the charge in full once the payment provider confirms it.</p>',
    '<h2>Donations</h2><p>Donations go to the charity you chose and are not normally refundable. If you donated by mistake (wrong amount or a duplicate), tell us within <strong>14 days</strong> and we will refund it if the charity has not yet received it.</p>',
    '<h2>How to ask</h2><ol><li>Open your order on its tracking page (the link is in your receipt) and note the order number.</li><li>Send it to us through <a href="/contact">Contact us</a> with what went wrong.</li><li>We answer within 2 working days. Refunds go back to the payment method you used (PayPal, PhonePe or card) within 5 to 10 working days of our approval.</li></ol>',
    '<p>This policy does not limit your rights under consumer law.</p>',
  ),
  p(
    'privacy-policy',
    'Privacy policy',
    'What StoryNest keeps about children and adults, where it is kept, for how long, and who can see it.',
    '<p>StoryNest is used by children, so we keep as little as we can and say exactly what we keep. The school that set up an account decides what its students use StoryNest for; we process children’s data on the school’s behalf.</p>',
    '<h2>What we keep about a child</h2><ul><li>First and last name, a username, and the class they belong to.</li><li>Their class password. It is <strong>encrypted at rest</strong> (it is not stored as readable text) because teachers need to see it to print login cards; only the child’s teachers and school admins can see it.</li><li>Their stories and drafts, the pictures they add, the reactions they give, and the privacy choice for their work (public, community or private).</li><li>When they joined and last signed in. We keep no date of birth, address, phone number or photo of the child.</li></ul>',
    '<h2>What we keep about adults</h2><ul><li>Staff: name, e-mail address, country, role and school; passwords are stored only as a one-way hash (argon2id).</li><li>Buyers and donors: the order, the amount and the e-mail address for the receipt. Card and wallet details go to the payment provider (PayPal, PhonePe or card) and never reach us.</li><li>What you send through our forms (contact, reports, tour requests, bulk enrolment): your name, e-mail address and message.</li></ul>',
    '<h2>Who sees it</h2><ul><li>A child’s teachers and their school’s admins see the child’s name, class, password and work. Staff of other schools never do.</li><li>Who reads a story is what its writer chose: anyone (public), the school’s families (community) or only the class and its teachers (private). A teacher can narrow this for a child.</li><li>Our staff see data only to support a school or to act on a report.</li></ul>',
    '<h2>Where it is kept</h2><ul><li>On our servers, in one database, for each school separately scoped.</li><li>On the device you use, so StoryNest works offline: the library, your classes and your unsent changes. <strong>Signing out wipes the signed-in person’s data from the device</strong> (classes, students, login details, cart). A child’s changes that were not sent yet stay until they are sent, and then go too.</li><li>E-mails we send (password links, invitations, receipts, form copies) wait in an outbox in our database until they are delivered.</li></ul>',
    '<h2>For how long</h2><ul><li>A sign-in lasts 15 minutes at a time and is renewed for up to 30 days; signing out ends it everywhere. A parent’s community session lasts 30 days.</li><li>A password link works for 1 hour (a new school’s first link for 7 days).</li><li>The record that stops a change from being applied twice (an idempotency key with the server’s answer) is kept for 35 days.</li><li>Failed sign-in counts are kept for 15 minutes.</li><li>Accounts and stories are kept while the school uses StoryNest. When a school deletes a student or leaves, their data is deleted.</li></ul>',
    '<h2>Your rights</h2><p>Parents ask their child’s school to see, correct or delete the child’s data; schools ask us. Anyone may ask what we hold about them through <a href="/contact">Contact us</a>. We do not sell data, show advertising, or track children across other sites.</p>',
  ),
  p(
    'sdgs',
    'The Sustainable Development Goals',
    'The 17 UN Sustainable Development Goals and the children’s stories on StoryNest that carry each of them.',
    '<p>When children publish a story they can say which of the United Nations’ 17 <a href="https://sdgs.un.org/goals" target="_blank" rel="noopener noreferrer">Sustainable Development Goals</a> it is about. Writing about a goal is how many children first think about hunger, clean water or the climate, and reading each other’s stories shows them how others see it.</p>',
    '<p>Below, each goal with the published stories that carry it.</p>',
  ),
  p(
    'challenges',
    'Writing challenges',
    'Writing challenges teachers set on StoryNest, and how a class answers them with stories.',
    '<p>A writing challenge is a prompt a teacher sets for a class, with a theme and a deadline: “Write a letter from a river”, “A day without electricity”, “The kindest thing I saw this week”.</p>',
    '<h2>How a challenge works</h2><ol><li>The teacher sets the challenge for a class, often linked to a Sustainable Development Goal.</li><li>Children write their answer as a story, step by step, on any device, even offline.</li><li>When the class reviews stories, the teacher reads each answer before it is published.</li><li>Answers are published together so the class, their families or the world can read them side by side; the best may be featured or pinned.</li></ol>',
    '<h2>Ideas to start with</h2><ul><li><strong>Zero Hunger</strong>: a meal that travels from a field to your plate.</li><li><strong>Life Below Water</strong>: a story told by something that lives in the sea.</li><li><strong>Climate Action</strong>: your town in thirty years.</li><li><strong>Reduced Inequalities</strong>: a day in the shoes of someone new to your school.</li></ul>',
    '<p>Published answers to every challenge appear in the <a href="/library">library</a>.</p>',
  ),
  p(
    'courses',
    'Courses for teachers',
    'Short courses that help teachers use StoryNest to teach writing, reading for pleasure and giving.',
    '<p>Our courses are short, practical and free for schools on StoryNest. Each takes under an hour and ends with something you can use in class the next day.</p>',
    '<ul><li><strong>Getting started</strong> (20 minutes): create a class, add students from a list or a CSV file, print login cards and run your first sign-in.</li><li><strong>Teaching the writing cycle</strong> (45 minutes): drafting, reviewing and publishing with a real audience.</li><li><strong>Reading for pleasure</strong> (30 minutes): building reading habits with the library and your pupils’ own stories.</li><li><strong>Safe publishing</strong> (30 minutes): privacy choices, what to check before publishing, and how reports are handled.</li><li><strong>Running a book sale or appeal</strong> (30 minutes): charity causes, book sales and what families see.</li></ul>',
    '<p>To book a course for your staff, <a href="/request-a-tour">request a tour</a> and tell us which one.</p>',
  ),
  p(
    'hubs',
    'Hubs',
    'StoryNest hubs: groups of schools that share stories, challenges and training.',
    '<p>A hub is a group of schools that read and write together: schools of one trust, one town, or partner schools in different countries. Organization admins link their schools on StoryNest, and teachers share stories and challenges across them.</p>',
    '<h2>What a hub does</h2><ul><li>Shares stories between its schools’ communities.</li><li>Runs shared writing challenges, with answers read across schools.</li><li>Trains its teachers together in our <a href="/courses">courses</a>.</li></ul>',
    '<p>To start a hub, register your trust or organization on the <a href="/register">registration page</a> and invite your schools.</p>',
  ),
  p(
    'live',
    'Live sessions',
    'Live online sessions with authors and our education team for classes on StoryNest.',
    '<p>Each term we run live online sessions for classes: authors read and answer children’s questions, and our education team launches the term’s writing challenges.</p>',
    '<ul><li>Sessions last 30 minutes and suit ages 7 to 12.</li><li>Teachers book a place for their class; children watch together on the class screen.</li><li>Questions from children are collected beforehand so no child appears on camera.</li></ul>',
    '<p>Ask for the next dates through <a href="/contact">Contact us</a>.</p>',
  ),
  p(
    'impact-films',
    'Impact films',
    'Short films about the causes StoryNest schools support and what their books and donations changed.',
    '<p>Impact films are short documentaries (under five minutes) made with the charities our schools support. They show children what the money raised through book sales and donations did: a library opened, a well dug, a class equipped.</p>',
    '<p>Teachers use them to open a writing challenge: watch the film, talk about it, then write. See the causes themselves on <a href="/charities">Charities</a>.</p>',
  ),
  p(
    'libraries',
    'School libraries',
    'Every school library on StoryNest, with the number of published stories each has added.',
    '<p>Every school on StoryNest has its own site and its own library: the platform’s books together with the stories its students publish. Open a school’s library to read what its classes have written and shared publicly.</p>',
  ),
  p(
    'dear-world-book',
    'The Dear World Book',
    'The Dear World Book: the yearly anthology of the best children’s stories on StoryNest, chosen by teachers and published in print.',
    '<p>Every year we gather the best stories written on StoryNest into one printed anthology: the <strong>Dear World Book</strong>. Each story is a letter to the world from a child about something that matters to them.</p>',
    '<h2>How stories are chosen</h2><ol><li>Teachers nominate up to three published stories from each class by featuring them.</li><li>A panel of teachers and librarians reads the nominations and chooses around one hundred.</li><li>Parents of the chosen writers are asked for permission before anything is printed; only first names and school are printed.</li></ol>',
    '<h2>Getting a copy</h2><p>Each chosen writer’s school receives copies. Families can buy printed copies in the library; the proceeds go to the year’s chosen charity.</p>',
  ),
  p(
    'canva',
    'Bring a Canva design into a book',
    'How to design a book cover or pages in Canva and bring them into a StoryNest book.',
    '<p>Many classes design their book covers and illustrated pages in Canva. Here is how to bring them into StoryNest.</p>',
    '<ol><li>Open <a href="https://www.canva.com/" target="_blank" rel="noopener noreferrer">Canva</a> and start a design. For a cover choose a portrait size (A4 or 1600 × 2400 pixels).</li><li>When it is finished, choose <strong>Share</strong>, then <strong>Download</strong>, and pick <strong>PNG</strong> for a cover or a picture, or <strong>PDF Standard</strong> for a whole book.</li><li>In StoryNest, open your story or book: for a cover, choose the cover step and upload the PNG; for pictures inside a story, add them where they belong. A whole book as PDF is uploaded from <strong>Upload a book</strong>.</li><li>Pictures are made smaller on your device before they are sent, so an upload works on a slow connection and even offline: it is sent when you are back online.</li></ol>',
    '<p>Only use pictures you made or are allowed to use. Canva’s own elements follow <a href="https://www.canva.com/policies/content-license-agreement/" target="_blank" rel="noopener noreferrer">Canva’s content licence</a>.</p>',
  ),
];
