import styles from './disclaimer.module.css';

/** Spec section 2: under the input, in the empty and the active state alike. */
export function Disclaimer() {
  return <p className={styles.disclaimer}>AI can make mistakes. Consider checking important information.</p>;
}
