// The public forms, open to visitors without an account: /contact, /report-a-problem (also opened
// from a book or story with ?type=book|story&id=), /request-a-tour and /bulk-enrolment, each
// declared as fields over its schema in src/contract/forms.ts.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSessionUser } from '@/api/use-session';
import { db, type TenantRecord } from '@/data/db';
import { useLive } from '@/data/live';
import {
  CSV_MAX_BYTES,
  ContactForm,
  EnrolmentForm,
  FORM_MSG,
  REPORT_REASONS,
  ReportForm,
  TourForm,
  parseEnrolmentCsv,
} from '@/contract/forms';
import { PublicForm, type Field } from './public-form';

const person: Field[] = [
  { name: 'name', label: 'Your name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

function usePersonDefaults() {
  const user = useSessionUser();
  return { name: user ? `${user.first_name} ${user.last_name}`.trim() : '', email: user?.email ?? '', website: '' };
}

const officeOf = (site: TenantRecord) => (site.id ? `${site.school_name}’s office` : 'the StoryNest team');

export function ContactPage({ site }: { site: TenantRecord }) {
  return (
    <PublicForm
      kind="contact"
      title="Contact us"
      intro={<p>Your message goes to {officeOf(site)}. We answer on school days, usually within one working day.</p>}
      schema={ContactForm}
      fields={[
        ...person,
        {
          name: 'topic',
          label: 'What is it about?',
          type: 'select',
          options: [
            ['question', 'A question'],
            ['school', 'Our school’s site or classes'],
            ['order', 'An order or a refund'],
            ['privacy', 'Privacy or my child’s data'],
            ['other', 'Something else'],
          ],
        },
        { name: 'message', label: 'Message', type: 'textarea' },
      ]}
      defaults={{ ...usePersonDefaults(), topic: 'question', message: '' }}
      submitLabel="Send message"
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
  return (
    <p className="notice" role="note">
      You are reporting the {type} <strong>{title ?? `number ${id}`}</strong>.
    </p>
  );
}

export function ReportPage({ site, search }: { site: TenantRecord; search: ReportSearch }) {
  const item = search.type && search.id ? { type: search.type, id: search.id } : null;
  return (
    <PublicForm
      kind="report"
      title="Report a problem"
      intro={
        <>
          <p>
            Tell us about a book or story that is unkind, unsafe or shares a child’s personal details, or anything that does not work. Our
            safeguarding lead reads every report.
          </p>
          {item ? <ReportedItem {...item} /> : null}
        </>
      }
      schema={ReportForm}
      fields={[
        ...person,
        { name: 'reason', label: 'What is wrong?', type: 'select', options: [['', 'Choose one'], ...Object.entries(REPORT_REASONS)] },
        { name: 'details', label: 'Details', type: 'textarea', hint: 'Where you saw it and what it says or does.' },
      ]}
      defaults={{
        ...usePersonDefaults(),
        item_type: item?.type ?? 'other',
        ...(item ? { item_id: item.id } : {}),
        reason: '',
        details: '',
      }}
      submitLabel="Send report"
      site={site.subdomain}
    />
  );
}

export function TourPage({ site }: { site: TenantRecord }) {
  return (
    <PublicForm
      kind="tour"
      title="Request a tour"
      intro={
        <p>
          See StoryNest with one of our former teachers: a 30-minute online tour for your staff, at a time that suits your school. We reply
          within two working days.
        </p>
      }
      schema={TourForm}
      fields={[
        ...person,
        { name: 'school_name', label: 'School', autoComplete: 'organization' },
        { name: 'role', label: 'Your role', hint: 'e.g. Head teacher, English lead, school business manager' },
        { name: 'students', label: 'Number of students', type: 'number', optional: true },
        { name: 'preferred_time', label: 'Days and times that suit you', optional: true },
        { name: 'message', label: 'Anything we should know', type: 'textarea', optional: true },
      ]}
      defaults={{ ...usePersonDefaults(), school_name: site.id ? site.school_name : '', role: '', preferred_time: '', message: '' }}
      submitLabel="Request a tour"
      site={site.subdomain}
    />
  );
}

function CsvPicker({ setValue, error }: { setValue: (name: string, value: unknown) => void; error: (name: string) => string | undefined }) {
  const [summary, setSummary] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const message = fileError ?? error('file_name') ?? error('csv');
  return (
    <p className="field">
      <label htmlFor="form-csv">CSV file</label>
      <span id="form-csv-hint" className="field-hint">
        One student per line with the columns class, first name and last name. <a href="/sample-enrolment.csv">Download a sample</a>.
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
          if (rows.length)
            setSummary(
              `${rows.length} ${rows.length === 1 ? 'student' : 'students'} in ${classes} ${classes === 1 ? 'class' : 'classes'}.`,
            );
        }}
      />
      {summary ? <span className="enrolment-preview">{summary}</span> : null}
      {message ? (
        <span id="form-csv-error" className="field-error">
          {message}
        </span>
      ) : null}
    </p>
  );
}

export function EnrolmentPage({ site }: { site: TenantRecord }) {
  return (
    <PublicForm
      kind="bulk_enrolment"
      title="Bulk enrolment"
      intro={
        <p>
          Enrol many classes at once: send us one CSV file of your classes and students and we set them up for you, usually within two
          working days. To add a few students yourself, open the class and choose Add Students.{' '}
          {site.id ? null : (
            <>
              Sending from your school’s own site links the file to your school; <Link to="/register/{-$token}">register your school</Link>{' '}
              first if it is new.
            </>
          )}
        </p>
      }
      schema={EnrolmentForm}
      fields={[...person, { name: 'school_name', label: 'School', autoComplete: 'organization' }]}
      defaults={{ ...usePersonDefaults(), school_name: site.id ? site.school_name : '', file_name: '', csv: '' }}
      submitLabel="Send enrolment"
      site={site.subdomain}
      extra={(form) => <CsvPicker {...form} />}
    />
  );
}
