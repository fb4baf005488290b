import { useState, type FormEvent } from 'react';

/** Where a form of labelled fields stands: being filled in, sending, sent, or refused with a message. */
export type FormStatus = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

export type FieldErrors<Field extends string> = Partial<Record<Field, string | undefined>>;

/** What a TextField (or EmailField) needs of one field: spread it onto the field. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}

export interface FieldFormSubmit<Values> {
  /** The fields' own errors; the form is not sent while any is set. */
  validate: (values: Values) => FieldErrors<keyof Values & string>;
  /** Sends the form; what it returns (the values to show next, e.g. emptied) replaces the values. */
  send: (values: Values) => Promise<Values | void>;
  /** The message shown when sending failed. */
  failure: (error: unknown) => string;
  /**
   * The field a refusal is about (a wrong current password), if any: its message is then that field's error,
   * under it and tied to it (aria-invalid, aria-describedby), rather than a message of the whole form.
   */
  fieldOf?: (error: unknown) => (keyof Values & string) | undefined;
}

/**
 * The state every form of the account area keeps: its values, each field's error (cleared when that field is
 * edited), and its status. Editing a field also clears the last outcome; a form with errors is not sent.
 */
export function useFieldForm<Values extends { [K in keyof Values]: string }>(initial: Values | (() => Values)) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  // Counts the sends that ended with a field in error: FieldForm then takes focus to the first such field.
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const busy = status.kind === 'busy';

  const edit = (name: Field) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    if (!busy) setStatus({ kind: 'idle' });
  };

  const field = (name: Field): FieldBinding => ({ value: values[name], onChange: edit(name), error: errors[name], disabled: busy });

  const submit =
    ({ validate, send, failure, fieldOf }: FieldFormSubmit<Values>) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      const found = validate(values);
      setErrors(found);
      if (Object.values(found).some(Boolean)) {
        setStatus({ kind: 'idle' });
        setInvalidAttempts((n) => n + 1);
        return;
      }
      setStatus({ kind: 'busy' });
      try {
        const next = await send(values);
        if (next) setValues(next);
        setStatus({ kind: 'done' });
      } catch (error) {
        const field = fieldOf?.(error);
        if (field) {
          setErrors({ [field]: failure(error) } as FieldErrors<Field>);
          setStatus({ kind: 'idle' });
          setInvalidAttempts((n) => n + 1);
        } else {
          setStatus({ kind: 'failed', message: failure(error) });
        }
      }
    };

  return { values, status, busy, field, submit, invalidAttempts };
}
