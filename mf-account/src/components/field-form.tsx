import type { FormEvent, ReactNode } from 'react';
import type { FormStatus } from '../lib/use-field-form.ts';
import { ActionOutcome } from './action-outcome.tsx';

export interface FieldFormProps {
  status: FormStatus;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** What to say once the form is sent (nothing when the page moves on instead). */
  done?: ReactNode;
  submitLabel: string;
  /** The submit button's label while sending ("Saving..."). */
  busyLabel: string;
  /** The page's CSS module: its `form` class is the form's, its `actions` class the row of the submit button. */
  classes: Readonly<Record<string, string>>;
  /** The fields. */
  children: ReactNode;
}

/** A form of labelled fields, then what came of sending it (success or the server's error), then its submit button. */
export function FieldForm({ status, onSubmit, done, submitLabel, busyLabel, classes, children }: FieldFormProps) {
  return (
    <form className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {children}
      <ActionOutcome status={status} done={done} label={submitLabel} busyLabel={busyLabel} actionsClassName={classes.actions} />
    </form>
  );
}
