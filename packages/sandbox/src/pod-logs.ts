// Container logs on fake nodes: kwok's kubelet server answers `pods/log` from files named in a
// ClusterLogs rule, read in the CRI log format (what a container runtime writes under
// /var/log/pods). A small writer process appends memcached-like lines to them every couple of
// seconds, so `kubectl logs -f` and the studio's log view have something that grows.
import { join } from 'node:path';

/** Every pod's containers share these files: a memcached container reads its own, others the generic one. */
export function podLogFiles(dir: string) {
  return {
    memcached: join(dir, 'memcached.log'),
    other: join(dir, 'container.log'),
    previous: join(dir, 'previous.log'),
  };
}

/** The ClusterLogs rule (kwok.x-k8s.io/v1alpha1) that gives every pod's containers logs. */
export function clusterLogs(dir: string): Record<string, unknown> {
  const files = podLogFiles(dir);
  return {
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'ClusterLogs',
    metadata: { name: 'opstudio-all-pods' },
    // no selector: every pod in every namespace
    spec: {
      logs: [
        { containers: ['memcached'], logsFile: files.memcached, previousLogsFile: files.previous, follow: true },
        // no containers: the fallback for any other container name (init containers too)
        { logsFile: files.other, previousLogsFile: files.previous, follow: true },
      ],
    },
  };
}

/** One line in the CRI log format: `<RFC 3339 nano time> <stream> F <message>`. */
export function criLine(at: Date, message: string, stream: 'stdout' | 'stderr' = 'stdout'): string {
  const nano = at.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
  return `${nano} ${stream} F ${message}\n`;
}

/** What `memcached -vv` prints for a client's get/set round trip (connection number `fd`). */
export function memcachedLines(fd: number, tick: number): string[] {
  const key = `key-${tick % 50}`;
  return [
    `<${fd} new auto-negotiating client connection`,
    `${fd}: Client using the ascii protocol`,
    tick % 3 === 0 ? `<${fd} set ${key} 0 300 5` : `<${fd} get ${key}`,
    tick % 3 === 0 ? `>${fd} STORED` : `>${fd} END`,
    `<${fd} connection closed.`,
  ];
}

/** Bigger files start over (renamed to `.1`, which kwok's follow notices as a rotation). */
export const POD_LOG_MAX_BYTES = 512 * 1024;
export const POD_LOG_TICK_MS = 2000;

/**
 * The writer, as a self-contained script for `node -e` (the sandbox starts binaries, not
 * TypeScript): it seeds the files, then appends a round trip per tick until it is stopped.
 */
export function podLogWriterScript(dir: string): string {
  const files = podLogFiles(dir);
  return `
const fs = require('node:fs');
const files = ${JSON.stringify(files)};
const criLine = ${criLine.toString()};
const memcachedLines = ${memcachedLines.toString()};
fs.mkdirSync(${JSON.stringify(dir)}, { recursive: true });
const append = (file, lines) => {
  try { if (fs.statSync(file).size > ${POD_LOG_MAX_BYTES}) fs.renameSync(file, file + '.1'); } catch {}
  const now = new Date();
  fs.appendFileSync(file, lines.map((l, i) => criLine(new Date(now.getTime() + i), l)).join(''));
};
const start = new Date();
fs.writeFileSync(files.previous, criLine(start, 'previous run: exited on SIGTERM') + criLine(start, 'stopped', 'stderr'));
append(files.memcached, ['server listening (tcp) on 0.0.0.0:11211', 'slab class 1: chunk size 96 perslab 10922']);
append(files.other, ['started']);
let tick = 0;
setInterval(() => {
  tick++;
  append(files.memcached, memcachedLines(20 + (tick % 10), tick));
  append(files.other, ['tick ' + tick + ': ok']);
}, ${POD_LOG_TICK_MS});
`;
}
