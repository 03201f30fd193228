'use client';
// The designer's YAML side: Monaco over the design's text (loaded on the client only), its
// problem count, and why the form shows an older design while the text does not parse.
import type { Issue } from '@opstudio/shared';
import { problemsLabel, type ProblemCounts } from '@opstudio/shared/designer/problems';
import dynamic from 'next/dynamic';
import type { DesignYamlEditorProps } from '../monaco/DesignYamlEditor';
import styles from './designer.module.css';

const DesignYamlEditor = dynamic(() => import('../monaco/DesignYamlEditor'), {
  ssr: false,
  loading: () => <p className={styles.hint}>Loading the editor…</p>,
});

interface Props extends DesignYamlEditorProps {
  readonly counts: ProblemCounts;
  /** Why the text is not a design (the form keeps the last good one), null while it is one. */
  readonly textIssues: readonly Issue[] | null;
}

export function DesignYamlSection({ counts, textIssues, ...editor }: Props) {
  return (
    <section className={styles.editor} aria-label="Design YAML">
      <div className={styles.editorHead}>
        <h2>Design YAML</h2>
        <span className={counts.errors > 0 ? styles.issueText : styles.hint} data-testid="problem-count">
          {problemsLabel(counts)}
        </span>
      </div>
      {textIssues !== null ? (
        <p role="alert" className={styles.textError}>
          The YAML is not a valid design yet, so the form shows the last good version:{' '}
          {textIssues.map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`)).join('; ')}
        </p>
      ) : null}
      <div className={styles.editorBody}>
        <DesignYamlEditor {...editor} />
      </div>
    </section>
  );
}
