// /dashboard, any signed-in user's: the option query value picks a tab: 'Teacher Dashboard' (the
// default), 'Manage Classes', 'View Class' (with id and class_id) or 'Money I Have Raised'.
// The tabs are the staff's. A student's dashboard is their own writing (stories and books, drafts
// first, from the device when offline) with no staff tabs; the Teacher Dashboard adds the stories
// waiting for review and the story numbers below the classes. On a class tablet, the staff's tabs
// also show the tablet's upkeep (its silent renewal, work left waiting when it was removed).
import { Link, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useSessionUser } from '@/api/use-session';
import { ClassDetails } from '@/features/roster/class-details';
import { ClassTablets } from '@/features/enrolment/class-tablets';
import { TabletUpkeep } from '@/features/enrolment/tablet-upkeep';
import { ClassList, type ClassLink } from '@/features/roster/class-list';
import { canManageRoster } from '@/features/roster/roster-sync';
import { MoneyRaised } from '@/features/charities/money-raised';
import { MyBooksList } from '@/features/book-maker/my-books-list';
import { MyStories } from '@/features/stories/my-stories';
import { ReviewQueue } from '@/features/stories/review-queue';
import { StoryStats } from '@/features/stories/story-stats';
import { BookStats } from '@/features/books-admin/book-stats';
import { ClassStories } from '@/features/stories/story-lists';

// The tabs' English names are their addresses (?option=); on screen they are in the reader's words (tabName).
// eslint-disable-next-line lingui/no-unlocalized-strings -- addresses
const TABS = ['Teacher Dashboard', 'Manage Classes', 'View Class', 'Money I Have Raised'] as const;
type Tab = (typeof TABS)[number];

const viewClass: ClassLink = (cls, children) => (
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the tab's address, not words on screen
  <Link to="/dashboard" search={{ option: 'View Class', id: cls.id, class_id: cls.class_id }}>
    {children}
  </Link>
);

export function DashboardScreen() {
  const search = useSearch({ strict: false }) as { option?: string; id?: number; class_id?: string };
  const user = useSessionUser();
  const { t: translate } = useLingui();
  const known = useKnown();
  const tabName = (tab: Tab): string =>
    tab === 'Teacher Dashboard'
      ? known(tab) // the contract's (src/contract/domain.ts), shared with the dashboard switcher
      : tab === 'Manage Classes'
        ? translate`Manage Classes`
        : tab === 'View Class'
          ? translate`View Class`
          : translate`Money I Have Raised`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the default tab's address
  const tab: Tab = (TABS as readonly string[]).includes(search.option ?? '') ? (search.option as Tab) : 'Teacher Dashboard';
  const tabs = TABS.filter((t) => t !== 'View Class' || search.id !== undefined);
  const roster = canManageRoster(user?.role);
  const classId = search.id;
  if (user?.role === 'student') return <MyWriting />;

  return (
    <div>
      <nav aria-label={translate`Dashboard options`}>
        <div className="dashboard-tabs" role="tablist">
          {tabs.map((t) => (
            <Link
              key={t}
              to="/dashboard"
              search={t === 'View Class' ? { option: t, id: search.id, class_id: search.class_id } : { option: t }}
              aria-selected={t === tab}
              role="tab"
            >
              {tabName(t)}
            </Link>
          ))}
        </div>
      </nav>
      <div role="tabpanel" aria-label={tabName(tab)}>
        {tab === 'Money I Have Raised' ? (
          <MoneyRaised />
        ) : !roster ? (
          <section className="page">
            <h1>{tabName(tab)}</h1>
            <p>
              <Trans>Classes are managed by teachers and school admins.</Trans>
            </p>
          </section>
        ) : tab === 'Teacher Dashboard' ? (
          <>
            <TabletUpkeep />
            <ClassList title={translate`My classes`} link={viewClass} cards />
            <ReviewQueue />
            <StoryStats />
            <BookStats />
          </>
        ) : tab === 'Manage Classes' ? (
          <ClassList title={translate`Manage Classes`} link={viewClass} />
        ) : (
          <>
            <ClassDetails classId={classId} />
            {classId !== undefined ? <ClassTablets classId={classId} /> : null}
            <TabletUpkeep />
            {classId !== undefined ? <ClassStories classId={classId} /> : null}
          </>
        )}
      </div>
    </div>
  );
}

/** A child's home: their stories and books, and the way to start more. */
function MyWriting() {
  return (
    <section className="page" aria-labelledby="my-writing-title">
      <h1 id="my-writing-title">
        <Trans>My writing</Trans>
      </h1>
      <p className="story-actions">
        <Link to="/uploadblogsteps" className="button">
          <Trans>Write a new story</Trans>
        </Link>
        <Link to="/uploadbook" className="button button-secondary">
          <Trans>Make a book</Trans>
        </Link>
      </p>
      <MyStories />
      <MyBooksList />
    </section>
  );
}
