// Add Students: type names (bulk add) or upload a CSV file, in one dialog with two tabs. Both
// save through the roster commands, so they work offline (the CSV file itself is queued).
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ClassRecord } from '@/data/db';
import { ROSTER_MSG } from '@/contract/messages';
import { namesFromCsvRows, type StudentName } from '@/contract/roster';
import { toast } from '@/ui/toast';
import { bulkAddMachine } from './bulk-add.machine';
import { csvImportMachine, type ChosenFile } from './csv-import.machine';
import { Dialog } from '@/ui/dialog';
import { bulkAddStudents, uploadStudentsCsv } from './roster-commands';

const announce = (_: unknown, params: { message: string; kind: 'success' | 'error' }) => toast(params.kind, params.message);

export function AddStudentsDialog({ cls, onClose }: { cls: ClassRecord; onClose: () => void }) {
  const [tab, setTab] = useState<'names' | 'csv'>('names');
  return (
    <Dialog title={`Add Students to ${cls.name}`} onClose={onClose} wide>
      <div role="tablist" aria-label="How to add students" className="roster-tabs">
        <button
          type="button"
          role="tab"
          id="tab-names"
          aria-controls="panel-names"
          aria-selected={tab === 'names'}
          onClick={() => setTab('names')}
        >
          Type names
        </button>
        <button type="button" role="tab" id="tab-csv" aria-controls="panel-csv" aria-selected={tab === 'csv'} onClick={() => setTab('csv')}>
          Upload CSV
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
  const errorLine = error ? (
    <p className="roster-error" role="alert">
      {error}
    </p>
  ) : null;

  if (state.matches('done')) {
    return (
      <div className="roster-done">
        <p>{ROSTER_MSG.added}</p>
        {!navigator.onLine ? (
          <p className="roster-muted">They are saved on this device and will be sent when you are back online.</p>
        ) : null}
        <div className="roster-actions">
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'RESTART' })}>
            Add more
          </button>
          <button type="button" className="button" onClick={onClose}>
            Done
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
        <label htmlFor="bulk-names">Student names (one per line, or separated by commas)</label>
        <textarea
          id="bulk-names"
          rows={8}
          value={text}
          placeholder={'Ada Lovelace\nAlan Turing'}
          aria-invalid={!!error}
          aria-describedby={error ? 'bulk-error' : undefined}
          onChange={(e) => send({ type: 'TYPE', text: e.target.value })}
        />
        <div id="bulk-error">{errorLine}</div>
        <div className="roster-actions">
          <button type="submit" className="button">
            Review
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
        Check the names: the first word is the first name, the rest the last name. {rows.length}{' '}
        {rows.length === 1 ? 'student' : 'students'}.
      </p>
      <ol className="review-rows">
        {rows.map((row, i) => (
          <li key={i}>
            <input
              aria-label={`First name ${i + 1}`}
              value={row.first_name}
              onChange={(e) => send({ type: 'EDIT_ROW', index: i, row: { ...row, first_name: e.target.value } })}
            />
            <input
              aria-label={`Last name ${i + 1}`}
              value={row.last_name}
              onChange={(e) => send({ type: 'EDIT_ROW', index: i, row: { ...row, last_name: e.target.value } })}
            />
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={`Remove ${row.first_name} ${row.last_name}`.trim()}
              onClick={() => send({ type: 'REMOVE_ROW', index: i })}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {errorLine}
      <div className="roster-actions">
        <button type="button" className="button button-secondary" onClick={() => send({ type: 'BACK' })}>
          Back to Input
        </button>
        <button type="submit" className="button" disabled={state.matches('submitting')}>
          Add Students
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
  if (state.matches('success')) {
    return (
      <div className="roster-done">
        <p>{ROSTER_MSG.csvUploaded}</p>
        <div className="roster-actions">
          <button type="button" className="button" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <p>
        A CSV file with a <strong>first name</strong> and a <strong>last name</strong> column, at most 5 MB.{' '}
        <a href="/sample-students.csv" download>
          Download a sample CSV
        </a>
      </p>
      <label htmlFor="csv-file">CSV file</label>
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
          {error}
        </p>
      ) : null}
      {file && names.length ? (
        <p>
          {file.name}: {names.length} {names.length === 1 ? 'student' : 'students'}, starting with {names[0]!.first_name}{' '}
          {names[0]!.last_name}.
        </p>
      ) : null}
      <div className="roster-actions">
        <button type="button" className="button" disabled={!state.matches('chosen')} onClick={() => send({ type: 'UPLOAD' })}>
          Upload
        </button>
      </div>
    </div>
  );
}
