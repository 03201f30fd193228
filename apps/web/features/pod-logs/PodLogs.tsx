'use client';
// One pod's logs, opened from the Pods panel: a container (init containers too), from where
// (lines or time), the previous run, follow with auto-scroll that pauses while the reader scrolls
// up, wrapped or not, and a download of the whole current log.
import { useQuery } from '@tanstack/react-query';
import { logFileName } from '@opstudio/shared/pod-logs/lines';
import { MAX_DOWNLOAD_BYTES } from '@opstudio/shared/pod-logs/options';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../trpc/client';
import { DEFAULT_START, START_OPTIONS, startOf } from './start-choice';
import { usePodLog } from './use-pod-log';
import styles from './pod-logs.module.css';
import buttons from '../resources/resources.module.css';

export interface PodLogsProps {
  readonly namespace: string;
  readonly pod: string;
  /** The pod left the live list (deleted): the lines stay, the follow stops. */
  readonly gone?: boolean;
  readonly onClose: () => void;
}

export function PodLogs({ namespace, pod, gone: deleted = false, onClose }: PodLogsProps) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const containers = useQuery(trpc.podLogs.containers.queryOptions({ namespace, pod }));
  const [container, setContainer] = useState('');
  const [start, setStart] = useState(DEFAULT_START);
  const [previous, setPrevious] = useState(false);
  const [follow, setFollow] = useState(true);
  const [wrap, setWrap] = useState(true);
  const [stuck, setStuck] = useState(true);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const chosen = container || containers.data?.containers[0] || '';
  const input = chosen ? { namespace, pod, container: chosen, previous, start: startOf(start) } : null;
  const log = usePodLog(input, follow && !deleted);
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (stuck && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [log.lines, stuck]);
  useEffect(() => setStuck(true), [chosen, previous, start]);

  const onScroll = () => {
    const el = box.current;
    if (el) setStuck(el.scrollHeight - el.scrollTop - el.clientHeight < 8);
  };
  const download = async () => {
    if (!input) return;
    setDownloadError(null);
    try {
      const { text } = await client.podLogs.read.query({
        ...input,
        start: { all: true },
        limitBytes: MAX_DOWNLOAD_BYTES,
      });
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: logFileName(input, new Date()) });
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setDownloadError((err as Error).message);
    }
  };

  const notFound =
    (containers.error?.data as { code?: string } | undefined)?.code === 'NOT_FOUND' || log.error?.code === 'NOT_FOUND';
  const gone = deleted || notFound;
  const error = containers.error?.message ?? log.error?.message;
  return (
    <section className={styles.panel} aria-label={`Logs of ${pod}`}>
      <div className={styles.controls}>
        <strong className={styles.title}>Logs: {pod}</strong>
        <label>
          Container
          <select value={chosen} onChange={(e) => setContainer(e.target.value)} disabled={!containers.data}>
            {containers.data?.containers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
            {containers.data?.initContainers.map((c) => (
              <option key={c} value={c}>
                {c} (init)
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <select value={start} onChange={(e) => setStart(e.target.value)}>
            {START_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={previous} onChange={(e) => setPrevious(e.target.checked)} /> Previous run
        </label>
        <label>
          <input
            type="checkbox"
            checked={follow && !previous}
            disabled={previous}
            onChange={(e) => setFollow(e.target.checked)}
          />{' '}
          Follow
        </label>
        <label>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} /> Wrap lines
        </label>
        <span className={styles.spacer} />
        <button type="button" className={buttons.button} onClick={() => void download()} disabled={!input}>
          Download
        </button>
        <button type="button" className={buttons.button} onClick={onClose}>
          Close
        </button>
      </div>
      {gone ? (
        <p className={styles.error} role="alert">
          This pod no longer exists.
        </p>
      ) : error ? (
        <p className={styles.error} role="alert">
          {error}{' '}
          <button
            type="button"
            className={buttons.button}
            onClick={() => {
              void containers.refetch();
              log.restart();
            }}
          >
            Try again
          </button>
        </p>
      ) : null}
      {downloadError && (
        <p className={styles.error} role="alert">
          Download failed: {downloadError}
        </p>
      )}
      <div
        ref={box}
        className={styles.scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="log"
        aria-label="Log lines"
        aria-live="off"
      >
        {log.loading && <p className={styles.note}>Loading the log…</p>}
        {!log.loading && !error && log.lines.length === 0 && (
          <p className={styles.note}>No log lines{follow && !previous ? ' yet: waiting for new ones…' : '.'}</p>
        )}
        <pre className={wrap ? styles.wrapped : styles.unwrapped}>{log.lines.join('\n')}</pre>
      </div>
      {!stuck && follow && !previous && !gone && (
        <p className={styles.note}>
          Paused while you read: new lines keep arriving.{' '}
          <button type="button" className={buttons.button} onClick={() => setStuck(true)}>
            Jump to the latest
          </button>
        </p>
      )}
    </section>
  );
}
