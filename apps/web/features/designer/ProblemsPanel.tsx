'use client';
// The designer's Problems panel: every problem of the design (form checks, YAML, the API server's
// answers), open while there are errors; a click shows the field it is about.
import { problemMessage, type Problem, type ProblemCounts } from '@opstudio/shared/designer/problems';
import styles from './designer.module.css';
import problemStyles from './problems.module.css';

interface Props {
  readonly problems: readonly Problem[];
  readonly counts: ProblemCounts;
  readonly onShow: (path: string) => void;
}

export function ProblemsPanel({ problems, counts, onShow }: Props) {
  return (
    <details className={styles.problems} open={counts.errors > 0}>
      <summary>Problems ({counts.total})</summary>
      <ul>
        {problems.map((p, n) => (
          <li key={n} className={p.severity === 'error' ? styles.issueText : styles.hint}>
            <button
              type="button"
              className={problemStyles.problemButton}
              onClick={() => onShow(p.path)}
              title="Show the field"
            >
              <span className={styles.mono}>{p.path || 'design'}</span>: {problemMessage(p)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
