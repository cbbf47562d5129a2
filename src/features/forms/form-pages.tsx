// The public forms, open to visitors without an account: /contact, /report-a-problem (also opened
// from a book or story with ?type=book|story&id=), /request-a-tour and /bulk-enrolment, each
// declared as fields over its schema in src/contract/forms.ts.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useSessionUser } from '@/api/use-session';
import { db, type TenantRecord } from '@/data/db';
import { useLive } from '@/data/live';
import {
  CSV_MAX_BYTES,
  ContactForm,
  EnrolmentForm,
  FORM_MSG,
  CONTACT_TOPICS,
  REPORT_REASONS,
  ReportForm,
  TourForm,
  parseEnrolmentCsv,
} from '@/contract/forms';
import { PublicForm, type Field } from './public-form';

function usePersonFields(): Field[] {
  const { t } = useLingui();
  return [
    { name: 'name', label: t`Your name`, autoComplete: 'name' },
    { name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
  ];
}

function usePersonDefaults() {
  const user = useSessionUser();
  return { name: user ? `${user.first_name} ${user.last_name}`.trim() : '', email: user?.email ?? '', website: '' };
}

function ContactIntro({ site }: { site: TenantRecord }) {
  const school = site.school_name;
  return (
    <p>
      {site.id ? (
        <Trans>Your message goes to {school}’s office. We answer on school days, usually within one working day.</Trans>
      ) : (
        <Trans>Your message goes to the StoryNest team. We answer on school days, usually within one working day.</Trans>
      )}
    </p>
  );
}

export function ContactPage({ site }: { site: TenantRecord }) {
  const known = useKnown();
  const { t } = useLingui();
  return (
    <PublicForm
      kind="contact"
      title={t`Contact us`}
      intro={<ContactIntro site={site} />}
      schema={ContactForm}
      fields={[
        ...usePersonFields(),
        {
          name: 'topic',
          label: t`What is it about?`,
          type: 'select',
          options: Object.entries(CONTACT_TOPICS).map(([key, words]) => [key, known(words)] as const),
        },
        { name: 'message', label: t`Message`, type: 'textarea' },
      ]}
      defaults={{ ...usePersonDefaults(), topic: 'question', message: '' }}
      submitLabel={t`Send message`}
      site={site.subdomain}
    />
  );
}

export type ReportSearch = { type?: 'book' | 'story'; id?: number };

function ReportedItem({ type, id }: Required<ReportSearch>) {
  const title = useLive(
    async () => (type === 'book' ? (await db.books.get(id))?.title : (await db.stories.get(id))?.title) ?? null,
    [type, id],
  );
  const { t } = useLingui();
  const name = title ?? t`number ${id}`;
  return (
    <p className="notice" role="note">
      {type === 'book' ? (
        <Trans>
          You are reporting the book <strong>{name}</strong>.
        </Trans>
      ) : (
        <Trans>
          You are reporting the story <strong>{name}</strong>.
        </Trans>
      )}
    </p>
  );
}

export function ReportPage({ site, search }: { site: TenantRecord; search: ReportSearch }) {
  const item = search.type && search.id ? { type: search.type, id: search.id } : null;
  const { t } = useLingui();
  const known = useKnown();
  return (
    <PublicForm
      kind="report"
      title={t`Report a problem`}
      intro={
        <>
          <p>
            <Trans>
              Tell us about a book or story that is unkind, unsafe or shares a child’s personal details, or anything that does not work. Our
              safeguarding lead reads every report.
            </Trans>
          </p>
          {item ? <ReportedItem {...item} /> : null}
        </>
      }
      schema={ReportForm}
      fields={[
        ...usePersonFields(),
        {
          name: 'reason',
          label: t`What is wrong?`,
          type: 'select',
          options: [['', t`Choose one`], ...Object.entries(REPORT_REASONS).map(([key, words]) => [key, known(words)] as const)],
        },
        { name: 'details', label: t`Details`, type: 'textarea', hint: t`Where you saw it and what it says or does.` },
      ]}
      defaults={{
        ...usePersonDefaults(),
        item_type: item?.type ?? 'other',
        ...(item ? { item_id: item.id } : {}),
        reason: '',
        details: '',
      }}
      submitLabel={t`Send report`}
      site={site.subdomain}
    />
  );
}

export function TourPage({ site }: { site: TenantRecord }) {
  const { t } = useLingui();
  return (
    <PublicForm
      kind="tour"
      title={t`Request a tour`}
      intro={
        <p>
          <Trans>
            See StoryNest with one of our former teachers: a 30-minute online tour for your staff, at a time that suits your school. We
            reply within two working days.
          </Trans>
        </p>
      }
      schema={TourForm}
      fields={[
        ...usePersonFields(),
        { name: 'school_name', label: t`School`, autoComplete: 'organization' },
        { name: 'role', label: t`Your role`, hint: t`e.g. Head teacher, English lead, school business manager` },
        { name: 'students', label: t`Number of students`, type: 'number', optional: true },
        { name: 'preferred_time', label: t`Days and times that suit you`, optional: true },
        { name: 'message', label: t`Anything we should know`, type: 'textarea', optional: true },
      ]}
      defaults={{ ...usePersonDefaults(), school_name: site.id ? site.school_name : '', role: '', preferred_time: '', message: '' }}
      submitLabel={t`Request a tour`}
      site={site.subdomain}
    />
  );
}

function CsvPicker({ setValue, error }: { setValue: (name: string, value: unknown) => void; error: (name: string) => string | undefined }) {
  const [summary, setSummary] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const message = fileError ?? error('file_name') ?? error('csv');
  const { t } = useLingui();
  const known = useKnown();
  return (
    <p className="field">
      <label htmlFor="form-csv">
        <Trans>CSV file</Trans>
      </label>
      <span id="form-csv-hint" className="field-hint">
        <Trans>
          One student per line with the columns class, first name and last name. <a href="/sample-enrolment.csv">Download a sample</a>.
        </Trans>
      </span>
      <input
        id="form-csv"
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`form-csv-hint${message ? ' form-csv-error' : ''}`}
        aria-invalid={Boolean(message)}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          setSummary(null);
          setFileError(null);
          if (!file) return;
          if (file.size > CSV_MAX_BYTES) return setFileError(FORM_MSG.csvSize);
          const text = await file.text();
          setValue('file_name', file.name);
          setValue('csv', text);
          const rows = parseEnrolmentCsv(text);
          const classes = new Set(rows.map((r) => r.class_name)).size;
          const students = rows.length;
          if (students)
            setSummary(
              t`${plural(students, { one: '# student', other: '# students' })} in ${plural(classes, { one: '# class', other: '# classes' })}.`,
            );
        }}
      />
      {summary ? <span className="enrolment-preview">{summary}</span> : null}
      {message ? (
        <span id="form-csv-error" className="field-error">
          {known(message)}
        </span>
      ) : null}
    </p>
  );
}

export function EnrolmentPage({ site }: { site: TenantRecord }) {
  const { t } = useLingui();
  return (
    <PublicForm
      kind="bulk_enrolment"
      title={t`Bulk enrolment`}
      intro={
        <p>
          <Trans>
            Enrol many classes at once: send us one CSV file of your classes and students and we set them up for you, usually within two
            working days. To add a few students yourself, open the class and choose Add Students.
          </Trans>{' '}
          {site.id ? null : (
            <Trans>
              Sending from your school’s own site links the file to your school; <Link to="/register/{-$token}">register your school</Link>{' '}
              first if it is new.
            </Trans>
          )}
        </p>
      }
      schema={EnrolmentForm}
      fields={[...usePersonFields(), { name: 'school_name', label: t`School`, autoComplete: 'organization' }]}
      defaults={{ ...usePersonDefaults(), school_name: site.id ? site.school_name : '', file_name: '', csv: '' }}
      submitLabel={t`Send enrolment`}
      site={site.subdomain}
      extra={(form) => <CsvPicker {...form} />}
    />
  );
}
