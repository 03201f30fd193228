'use client';
// The preview tabs beside the designer: CRD, RBAC, Sample, Go types, what the controller
// creates, the design's test cases, and (once installed) the changes against the cluster's CRD. Computed from the
// deferred design, so typing never waits for them; copy and download on each text.
import type { Previews as PreviewSet } from '@opstudio/shared/designer/previews';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { CodeText } from './CodeText';
import styles from './previews.module.css';

export interface PreviewsProps {
  readonly previews: PreviewSet;
  /** Base of download names, e.g. `memcacheds.cache.example.com`. */
  readonly baseName: string;
  /** The "Changes vs cluster" tab's content, or null when the CRD is not installed. */
  readonly changes: ReactNode | null;
  /** The "Tests" tab's content (the design's cases, run on every edit), and its label with the tally */
  readonly tests?: { readonly label: string; readonly body: ReactNode };
  /** the CEL module's state: expressions show their values once it is ready */
  readonly cel?: 'loading' | 'ready' | 'failed';
}

type Tab = 'CRD' | 'RBAC' | 'Sample' | 'Go types' | 'What the controller creates' | 'Tests' | 'Changes vs cluster';

export function Previews({ previews, baseName, changes, tests, cel = 'ready' }: PreviewsProps) {
  const [tab, setTab] = useState<Tab>('CRD');
  const [goFile, setGoFile] = useState(0);
  const tabs: Tab[] = [
    'CRD',
    'RBAC',
    'Sample',
    'Go types',
    'What the controller creates',
    ...(tests === undefined ? [] : (['Tests'] as const)),
    ...(changes === null ? [] : (['Changes vs cluster'] as const)),
  ];
  const current = tabs.includes(tab) ? tab : 'CRD';
  let body: ReactNode;
  const text = (a: PreviewSet['crd'], file: string) =>
    a.ok ? (
      <Code text={a.text} file={file} />
    ) : (
      <p role="alert" className={styles.error}>
        {a.message}
      </p>
    );
  switch (current) {
    case 'CRD':
      body = text(previews.crd, `${baseName}.yaml`);
      break;
    case 'RBAC':
      body = text(previews.rbac, 'role.yaml');
      break;
    case 'Sample':
      body = text(previews.sample, `${baseName}-sample.yaml`);
      break;
    case 'What the controller creates':
      body = (
        <>
          {cel === 'loading' ? (
            <p className={styles.note} role="status">
              Loading CEL: the values of expressions show once it is ready.
            </p>
          ) : null}
          {text(previews.deployment, `${baseName}-deployment.yaml`)}
        </>
      );
      break;
    case 'Go types': {
      const g = previews.goTypes;
      if (!g.ok) {
        body = (
          <p role="alert" className={styles.error}>
            {g.message}
          </p>
        );
        break;
      }
      const file = g.files[Math.min(goFile, g.files.length - 1)];
      body = (
        <>
          <label className={styles.fileSelect}>
            Go file{' '}
            <select value={Math.min(goFile, g.files.length - 1)} onChange={(e) => setGoFile(Number(e.target.value))}>
              {g.files.map((f, i) => (
                <option key={f.path} value={i}>
                  {f.path}
                </option>
              ))}
            </select>
          </label>
          {g.notExpressible.length > 0 ? (
            <p className={styles.note}>Go markers cannot say: {g.notExpressible.join('; ')}</p>
          ) : null}
          {file ? <Code text={file.text} file={file.path.split('/').pop() ?? 'types.go'} /> : null}
        </>
      );
      break;
    }
    case 'Tests':
      body = tests?.body;
      break;
    case 'Changes vs cluster':
      body = changes;
      break;
  }
  return (
    <section className={styles.previews} aria-label="Previews" data-cel={cel}>
      <div role="tablist" aria-label="Preview" className={styles.tabs}>
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`preview-tab-${t}`}
            aria-selected={t === current}
            aria-controls="preview-panel"
            onClick={() => setTab(t)}
          >
            {t === 'Tests' && tests !== undefined ? tests.label : t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="preview-panel" aria-labelledby={`preview-tab-${current}`} className={styles.panel}>
        {body}
      </div>
    </section>
  );
}

function Code({ text, file }: { readonly text: string; readonly file: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.code}>
      <div className={styles.codeActions}>
        <button type="button" onClick={() => void copy().catch(() => setCopied(false))}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={download}>
          Download
        </button>
      </div>
      <CodeText text={text} />
    </div>
  );
}
