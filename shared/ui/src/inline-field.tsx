import { useId, type ReactNode } from 'react';
import form from './form.module.css';

export interface InlineFieldProps {
  label: string;
  /** The input's own class, beside form.input. */
  controlClassName?: string | undefined;
  /** Renders the input with the id its label names and its classes. */
  control: (props: { id: string; className: string }) => ReactNode;
  /** The button beside the input. */
  action: ReactNode;
}

/**
 * A label over one input with its button beside it, wrapping under it on narrow screens: a one-field form
 * such as the waitlist's e-mail and Join, or the chat's work e-mail and Request a Demo. The row's gap is
 * --k-inline-gap.
 */
export function InlineField({ label, controlClassName, control, action }: InlineFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <div className={form.inlineRow}>
        {control({ id, className: [form.input, controlClassName].filter(Boolean).join(' ') })}
        {action}
      </div>
    </>
  );
}
