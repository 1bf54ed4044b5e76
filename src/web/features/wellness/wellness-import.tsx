import { useId, useRef } from 'react';
import { WELLNESS_IMPORT_MAX_BYTES, type WellnessImportAnswer } from '../../../shared/api/wellness.ts';
import { userFacingMessage } from '../../lib/api-request.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { useImportWellnessCsv } from './api/wellness.ts';

const MAX_MB = WELLNESS_IMPORT_MAX_BYTES / 1024 / 1024;
const SHOWN_ERRORS = 8;

/** Imports wellness history from a CSV file (README "Wellness CSV"): a year of HRV from another app at once. */
export function WellnessImport() {
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const upload = useImportWellnessCsv();

  return (
    <section aria-labelledby={`${helpId}-title`} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5">
      <h2 id={`${helpId}-title`} className="text-base font-semibold text-fg">
        Import history from a CSV file
      </h2>
      <p id={helpId} className="text-sm text-fg-muted">
        First column <code className="text-fg">date</code> (YYYY-MM-DD), then any of <code className="text-fg">sleep_hours</code>,{' '}
        <code className="text-fg">sleep_quality</code>, <code className="text-fg">fatigue</code>, <code className="text-fg">soreness</code>,{' '}
        <code className="text-fg">stress</code>, <code className="text-fg">mood</code> (1–5), <code className="text-fg">resting_hr_bpm</code>,{' '}
        <code className="text-fg">hrv_rmssd_ms</code>, <code className="text-fg">weight_kg</code>, <code className="text-fg">note</code>. Up to {MAX_MB}{' '}
        MB; importing a file again updates the same days.
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label="Wellness CSV file"
        aria-describedby={helpId}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <div>
        <Button variant="secondary" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? 'Importing…' : 'Choose a CSV file'}
        </Button>
      </div>
      {upload.isError && (
        <Alert tone="error">
          <p>{userFacingMessage(upload.error, 'The file could not be imported. Please try again.')}</p>
        </Alert>
      )}
      {upload.data && <ImportResult answer={upload.data} />}
    </section>
  );
}

function ImportResult({ answer }: { answer: WellnessImportAnswer }) {
  const { imported, unknownColumns, errors, errorCount } = answer;
  return (
    <Alert tone={imported > 0 ? 'success' : 'error'}>
      <p>
        {imported} {imported === 1 ? 'day' : 'days'} imported.
        {unknownColumns.length > 0 && ` Columns not read: ${unknownColumns.join(', ')}.`}
      </p>
      {errorCount > 0 && (
        <>
          <p className="mt-2">
            {errorCount} {errorCount === 1 ? 'row was' : 'rows were'} left out:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {errors.slice(0, SHOWN_ERRORS).map((error) => (
              <li key={error.line}>
                Line {error.line}: {error.message}
              </li>
            ))}
            {errorCount > Math.min(errors.length, SHOWN_ERRORS) && <li>and {errorCount - Math.min(errors.length, SHOWN_ERRORS)} more</li>}
          </ul>
        </>
      )}
    </Alert>
  );
}
