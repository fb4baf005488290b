import styles from './account-chip.module.css';

export interface AccountChipProps {
  /** The signed-in account's address (or what stands for it while the session is being restored). */
  name: string;
  /** Where the chip stands in its bar (flex, and the custom properties of account-chip.module.css). */
  className?: string;
}

/** Who is signed in: the address's initial and the address itself, cut with an ellipsis where room runs out. */
export function AccountChip({ name, className }: AccountChipProps) {
  return (
    <span className={[styles.chip, className].filter(Boolean).join(' ')} title={name}>
      <span className={styles.avatar} aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <span className={styles.name}>{name}</span>
    </span>
  );
}
