// One pino JSON line as a person reads it at a terminal: `12:04:05.120 WARN  informers: msg k=v`.
// Pure; logger.ts uses it when stdout is a TTY. Written here rather than taking pino-pretty,
// whose worker-thread transport and a dozen dependencies buy colours we do not need.

const LABELS: Record<string, string> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO ',
  warn: 'WARN ',
  error: 'ERROR',
  fatal: 'FATAL',
};

/** Keys every line has, shown in the prefix rather than as `key=value`. */
const FRAME = new Set(['level', 'time', 'msg', 'component', 'pid', 'hostname']);

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' || typeof time === 'string' ? time : NaN);
  return Number.isNaN(date.getTime()) ? '--:--:--.---' : date.toISOString().slice(11, 23);
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** The line for a terminal; text that is not a JSON object passes through unchanged. */
export function prettyLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(jsonLine);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return jsonLine;
    entry = parsed as Record<string, unknown>;
  } catch {
    return jsonLine;
  }
  const level = typeof entry.level === 'string' ? (LABELS[entry.level] ?? entry.level.toUpperCase()) : 'INFO ';
  const component = typeof entry.component === 'string' ? `${entry.component}: ` : '';
  let stack: string | undefined;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (FRAME.has(key)) continue;
    // pino's error serializer: the message inline, the stack on the lines below
    if (key === 'err' && value !== null && typeof value === 'object') {
      const err = value as { message?: unknown; stack?: unknown };
      fields.push(`err=${fieldText(err.message)}`);
      if (typeof err.stack === 'string') stack = err.stack;
      continue;
    }
    fields.push(`${key}=${fieldText(value)}`);
  }
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  const head = `${clock(entry.time)} ${level} ${component}${msg}${fields.length > 0 ? ` ${fields.join(' ')}` : ''}`;
  const body = stack === undefined ? head : `${head}\n${stack}`;
  // continuation lines (a multi-line message, a stack) indented under the message
  return body.replace(/\n/g, '\n    ');
}
