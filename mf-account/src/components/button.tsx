import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger';
  size?: 'small' | 'medium' | 'large';
  block?: boolean;
}

/** The account area's buttons: primary (the one main action), secondary, and danger. */
export function Button({ variant = 'secondary', size = 'medium', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    size !== 'medium' && styles[size],
    block && styles.block,
    className,
  ].filter(Boolean);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
