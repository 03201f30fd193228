// A placeholder while something loads: grey bars of the shape to come, `aria-busy`, and the words
// ("Loading…") visually hidden, so screen readers and tests still find them.
import styles from './skeleton.module.css';

export function Skeleton({
  label = 'Loading…',
  lines = 3,
  height,
}: {
  /** What is loading, read out instead of the bars. */
  readonly label?: string;
  readonly lines?: number;
  /** A block of this CSS height instead of lines (an editor, a table). */
  readonly height?: string;
}) {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" aria-live="polite">
      <span className={styles.visuallyHidden}>{label}</span>
      {height !== undefined ? (
        <span className={styles.block} style={{ height }} aria-hidden="true" />
      ) : (
        Array.from({ length: lines }, (_, i) => <span key={i} className={styles.line} aria-hidden="true" />)
      )}
    </div>
  );
}
