import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { LabelledField as Field } from '@keisha/ui';
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

/** The account area's field: @keisha/ui's LabelledField, which may shrink in a row, and the caller's class. */
const fieldClass = (className: string | undefined) => [styles.field, className].filter(Boolean).join(' ');

/** A labelled input with an optional hint and error. */
export function TextField({ label, value, onChange, hint, error, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClass(className)} controlClassName={styles.input} control={(control) => <input {...control} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />} />
  );
}

/** A labelled text area (a newsletter's body), with an optional hint and error. */
export function TextAreaField({ label, value, onChange, hint, error, className, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClass(className)} controlClassName={`${styles.input} ${styles.textarea}`} control={(control) => <textarea {...control} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />} />
  );
}

/** A labelled choice of a few options. */
export function SelectField({ label, value, onChange, hint, error, className, options, ...rest }: SelectFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={fieldClass(className)}
      controlClassName={styles.input}
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
