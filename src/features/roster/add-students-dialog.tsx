// Add Students: type names (bulk add) or upload a CSV file, in one dialog with two tabs. Both
// save through the roster commands, so they work offline (the CSV file itself is queued).
import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ClassRecord } from '@/data/db';
import { ROSTER_MSG } from '@/contract/messages';
import { namesFromCsvRows, type StudentName } from '@/contract/roster';
import { toast } from '@/ui/toast';
import { bulkAddMachine } from './bulk-add.machine';
import { csvImportMachine, type ChosenFile } from './csv-import.machine';
import { Dialog } from '@/ui/dialog';
import { formatNumber } from '@/ui/format';
import { bulkAddStudents, uploadStudentsCsv } from './roster-commands';

const rowName = (row: StudentName) => `${row.first_name} ${row.last_name}`.trim();
const position = (i: number) => formatNumber(i + 1);

const announce = (_: unknown, params: { message: string; kind: 'success' | 'error' }) => toast(params.kind, params.message);

export function AddStudentsDialog({ cls, onClose }: { cls: ClassRecord; onClose: () => void }) {
  const [tab, setTab] = useState<'names' | 'csv'>('names');
  const { t } = useLingui();
  const className = cls.name;
  return (
    <Dialog title={t`Add Students to ${className}`} onClose={onClose} wide>
      <div role="tablist" aria-label={t`How to add students`} className="roster-tabs">
        <button
          type="button"
          role="tab"
          id="tab-names"
          aria-controls="panel-names"
          aria-selected={tab === 'names'}
          onClick={() => setTab('names')}
        >
          <Trans>Type names</Trans>
        </button>
        <button type="button" role="tab" id="tab-csv" aria-controls="panel-csv" aria-selected={tab === 'csv'} onClick={() => setTab('csv')}>
          <Trans>Upload CSV</Trans>
        </button>
      </div>
      {tab === 'names' ? (
        <div role="tabpanel" id="panel-names" aria-labelledby="tab-names">
          <BulkAdd cls={cls} onClose={onClose} />
        </div>
      ) : (
        <div role="tabpanel" id="panel-csv" aria-labelledby="tab-csv">
          <CsvImport cls={cls} onClose={onClose} />
        </div>
      )}
    </Dialog>
  );
}

function BulkAdd({ cls, onClose }: { cls: ClassRecord; onClose: () => void }) {
  const [state, send] = useMachine(
    bulkAddMachine.provide({
      actors: { save: fromPromise<void, { rows: StudentName[] }>(async ({ input }) => void (await bulkAddStudents(cls, input.rows))) },
      actions: { announce },
    }),
  );
  const { text, rows, error } = state.context;
  const { t } = useLingui();
  const known = useKnown();
  const errorLine = error ? (
    <p className="roster-error" role="alert">
      {known(error)}
    </p>
  ) : null;

  if (state.matches('done')) {
    return (
      <div className="roster-done">
        <p>{known(ROSTER_MSG.added)}</p>
        {!navigator.onLine ? (
          <p className="roster-muted">
            <Trans>They are saved on this device and will be sent when you are back online.</Trans>
          </p>
        ) : null}
        <div className="roster-actions">
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'RESTART' })}>
            <Trans>Add more</Trans>
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    );
  }
  if (state.matches('input')) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'REVIEW' });
        }}
      >
        <label htmlFor="bulk-names">
          <Trans>Student names (one per line, or separated by commas)</Trans>
        </label>
        <textarea
          id="bulk-names"
          rows={8}
          value={text}
          placeholder={`${t`Ada Lovelace`}\n${t`Alan Turing`}`}
          aria-invalid={!!error}
          aria-describedby={error ? 'bulk-error' : undefined}
          onChange={(e) => send({ type: 'TYPE', text: e.target.value })}
        />
        <div id="bulk-error">{errorLine}</div>
        <div className="roster-actions">
          <button type="submit" className="button">
            <Trans>Review</Trans>
          </button>
        </div>
      </form>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <p>
        <Trans>
          Check the names: the first word is the first name, the rest the last name.{' '}
          <Plural value={rows.length} one="# student." other="# students." />
        </Trans>
      </p>
      <ol className="review-rows">
        {rows.map((row, i) => {
          const name = rowName(row);
          const number = position(i);
          return (
            <li key={i}>
              <input
                aria-label={t`First name ${number}`}
                value={row.first_name}
                onChange={(e) => send({ type: 'EDIT_ROW', index: i, row: { ...row, first_name: e.target.value } })}
              />
              <input
                aria-label={t`Last name ${number}`}
                value={row.last_name}
                onChange={(e) => send({ type: 'EDIT_ROW', index: i, row: { ...row, last_name: e.target.value } })}
              />
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t`Remove ${name}`}
                onClick={() => send({ type: 'REMOVE_ROW', index: i })}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          );
        })}
      </ol>
      {errorLine}
      <div className="roster-actions">
        <button type="button" className="button button-secondary" onClick={() => send({ type: 'BACK' })}>
          <Trans>Back to Input</Trans>
        </button>
        <button type="submit" className="button" disabled={state.matches('submitting')}>
          <Trans>Add Students</Trans>
        </button>
      </div>
    </form>
  );
}

async function readNames({ input }: { input: { file: ChosenFile } }): Promise<StudentName[] | null> {
  const { default: Papa } = await import('papaparse');
  const text = new TextDecoder().decode(input.file.data).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, unknown>>(text, { header: true, skipEmptyLines: 'greedy' });
  return namesFromCsvRows(parsed.meta.fields ?? [], parsed.data);
}

function CsvImport({ cls, onClose }: { cls: ClassRecord; onClose: () => void }) {
  const [state, send] = useMachine(
    csvImportMachine.provide({
      actors: {
        read: fromPromise(readNames),
        upload: fromPromise<void, { file: ChosenFile; names: StudentName[] }>(
          async ({ input }) => void (await uploadStudentsCsv(cls, input.file, input.names)),
        ),
      },
      actions: { announce },
    }),
  );
  const { file, names, error } = state.context;
  const known = useKnown();
  if (state.matches('success')) {
    return (
      <div className="roster-done">
        <p>{known(ROSTER_MSG.csvUploaded)}</p>
        <div className="roster-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <p>
        <Trans>
          A CSV file with a <strong>first name</strong> and a <strong>last name</strong> column, at most 5 MB.
        </Trans>{' '}
        <a href="/sample-students.csv" download>
          <Trans>Download a sample CSV</Trans>
        </a>
      </p>
      <label htmlFor="csv-file">
        <Trans>CSV file</Trans>
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        aria-invalid={!!error}
        onChange={async (e) => {
          const chosen = e.target.files?.[0];
          if (!chosen) return;
          send({ type: 'CHOOSE', file: { name: chosen.name, type: chosen.type, size: chosen.size, data: await chosen.arrayBuffer() } });
        }}
      />
      {error ? (
        <p className="roster-error" role="alert">
          {known(error)}
        </p>
      ) : null}
      {file && names.length ? <ChosenFileLine file={file.name} count={names.length} first={names[0]!} /> : null}
      <div className="roster-actions">
        <button type="button" className="button" disabled={!state.matches('chosen')} onClick={() => send({ type: 'UPLOAD' })}>
          <Trans>Upload</Trans>
        </button>
      </div>
    </div>
  );
}

function ChosenFileLine({ file, count, first }: { file: string; count: number; first: StudentName }) {
  const name = `${first.first_name} ${first.last_name}`.trim();
  return (
    <p>
      <Trans>
        {file}: <Plural value={count} one="# student" other="# students" />, starting with {name}.
      </Trans>
    </p>
  );
}
