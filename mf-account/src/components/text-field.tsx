import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { formStyles } from '@keisha/ui';
import styles from './text-field.module.css';

interface FieldParts {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A short note under the field. */
  hint?: ReactNode;
  /** The field's own error, shown under it and tied to it for screen readers. */
  error?: string | undefined;
}

export interface TextFieldProps extends FieldParts, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {}
export interface TextAreaFieldProps extends FieldParts, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {}
export interface SelectFieldProps extends FieldParts, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  /** The choices: value and what it says. */
  options: readonly { value: string; label: string }[];
}

/** What every kind of field gives its control: its id, its class, and its ties to the hint and the error. */
interface ControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label over a control, then an optional hint and error. */
function Field({ label, hint, error, className, control }: { label: string; hint?: ReactNode; error?: string | undefined; className?: string | undefined; control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[formStyles.field, styles.field, className].filter(Boolean).join(' ')}>
      <label className={`${formStyles.label} ${styles.label}`} htmlFor={id}>
        {label}
      </label>
      {control({ id, className: `${formStyles.input} ${styles.input}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** A labelled input with an optional hint and error. */
export function TextField({ label, value, onChange, hint, error, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className} control={(control) => <input {...control} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />} />
  );
}

/** A labelled text area (a newsletter's body), with an optional hint and error. */
export function TextAreaField({ label, value, onChange, hint, error, className, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className} control={(control) => <textarea {...control} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />} />
  );
}

/** A labelled choice of a few options. */
export function SelectField({ label, value, onChange, hint, error, className, options, ...rest }: SelectFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
