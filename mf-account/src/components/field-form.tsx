import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
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
  /** useFieldForm's invalidAttempts: each time it grows, focus goes to the first field in error, which then says why. */
  invalidAttempts?: number;
  /** 'danger' for a submit that cannot be undone. */
  submitVariant?: 'primary' | 'danger';
  /** Another button beside the submit button (the way back). */
  beside?: ReactNode;
}

/** A form of labelled fields, then what came of sending it (success or the server's error), then its submit button. */
export function FieldForm({ status, onSubmit, done, submitLabel, busyLabel, classes, children, invalidAttempts = 0, submitVariant = 'primary', beside }: FieldFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (invalidAttempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempts]);
  return (
    <form ref={form} className={classes.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {children}
      <ActionOutcome
        status={status}
        done={done}
        label={submitLabel}
        busyLabel={busyLabel}
        actionsClassName={classes.actions}
        variant={submitVariant}
        beside={beside}
      />
    </form>
  );
}
