import { useId, type ReactNode } from 'react';
import form from './form.module.css';
import styles from './labelled-field.module.css';

/** What a labelled field gives its control (an input, a select, a text area): spread it onto the control. */
export interface FieldControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  label: string;
  /** A short note under the control. */
  hint?: ReactNode;
  /** The field's own error, shown under it and tied to the control for screen readers. */
  error?: string | undefined;
  /** A class for the field beside form.field (a remote's sizes, a width). */
  className?: string | undefined;
  /** The control's own class, beside form.input. */
  controlClassName?: string | undefined;
  /** Renders the control with the props that tie it to its label, hint and error. */
  control: (props: FieldControlProps) => ReactNode;
}

/** A label over a control, then an optional hint and error, on @keisha/ui's form styles: the sign-in and account forms' field. */
export function LabelledField({ label, hint, error, className, controlClassName, control }: LabelledFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[form.field, className].filter(Boolean).join(' ')}>
      <label className={`${form.label} ${styles.label}`} htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        className: [form.input, controlClassName].filter(Boolean).join(' '),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
