/**
 * The design cannot be exported as it is; the message says what to change, on one line.
 * `path` is where in the design (`versions[v1].spec.ports.listMapKeys`), when one place is to blame.
 */
export class ScaffoldError extends Error {
  override readonly name = 'ScaffoldError';
  readonly path?: string;

  constructor(message: string, path?: string) {
    super(oneLine(path === undefined ? message : `${path}: ${message}`));
    if (path !== undefined) this.path = oneLine(path);
  }
}

/** Line breaks escaped: the CLI and the HTTP route answer with exactly one line. */
function oneLine(s: string): string {
  return s.replace(/[\n\r\u0085\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
