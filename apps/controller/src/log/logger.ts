// The controller's log: one pino root logger made at the edge (serve.ts) and handed down, each
// component writing through its own child (`component: 'informers'`, 'manager', 'api', …).
// Stdout gets JSON lines ({"level":"info","time":"…","component":…,"msg":…}) for a cluster's
// log pipeline, or readable lines (pretty.ts) when it is a terminal. What the CLI says to its
// user (install, export, validate) is not a log and stays plain text.
// docs/design/0027-tls-and-logs.md.
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { prettyLine } from './pretty';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_LEVEL_ENV = 'OPSTUDIO_LOG_LEVEL';

export class LogLevelError extends Error {
  override readonly name = 'LogLevelError';
}

/** OPSTUDIO_LOG_LEVEL: debug, info (default), warn or error. */
export function logLevelFrom(raw: string | undefined): LogLevel {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new LogLevelError(`${LOG_LEVEL_ENV} must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(raw)}`);
}

export interface LoggerOptions {
  readonly level?: LogLevel;
  /** Readable lines instead of JSON; default: when stdout is a terminal. */
  readonly pretty?: boolean;
  /** Where lines go (default stdout); tests pass their own. */
  readonly write?: (line: string) => void;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const pretty = opts.pretty ?? process.stdout.isTTY === true;
  const write = opts.write ?? ((line: string) => void process.stdout.write(line));
  // synchronous writes: few lines, and none may be lost when the process exits right after
  const destination: DestinationStream = {
    write: pretty ? (line: string) => write(`${prettyLine(line.replace(/\n$/, ''))}\n`) : write,
  };
  return pino(
    {
      level: opts.level ?? 'info',
      base: undefined, // no pid/hostname: the pipeline knows the pod
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) }, // "level":"warn", not 40
    },
    destination,
  );
}

/** The components' log seam, `(message, fields?)`, as kubebuilder-style calls use it. */
export type LogFn = (message: string, fields?: Record<string, unknown>) => void;

/** Words that make a field-less line a warning (informer retries, a failed re-check). */
const TROUBLE = /\b(fail(ed|s|ure)?|error|cannot|retrying|lost|stopped)\b/i;

/**
 * A child logger behind the `(message, fields?)` seam most components take. They say nothing
 * about levels, so: a line with an `error` field is an error, one that reads as trouble a warning,
 * the rest info.
 */
export function logFn(logger: Logger): LogFn {
  return (message, fields) => {
    const level = fields?.error !== undefined ? 'error' : TROUBLE.test(message) ? 'warn' : 'info';
    if (fields === undefined) return logger[level](message);
    // an Error goes under `err`, where pino's serializer keeps its message and stack
    const { error, ...rest } = fields;
    logger[level](error instanceof Error ? { ...rest, err: error } : fields, message);
  };
}

/** Logs nothing: tests and embedders that do not want the controller's lines. */
export const silentLogger: Logger = pino({ level: 'silent' });
