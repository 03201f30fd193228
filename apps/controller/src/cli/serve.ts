/** `opstudio serve [--host H] [--port P] [--kubeconfig F] [--context C] [--auth] [--in-cluster]`: flags override the environment. */
import { serveUntilSignal } from '../serve';
import type { ConfigOverrides } from '../config';
import { helpText, parseArgv, parseOrExit, UsageError } from './args';
import { processIo } from './output';
import { commandSpec } from './commands';

const SPEC = commandSpec('serve');

/** The overrides the flags give; throws a UsageError for bad flags (`--help` included: main prints it). */
export function parseServeFlags(args: string[]): ConfigOverrides {
  const { values, help } = parseArgv(SPEC, args);
  if (help) throw new UsageError(helpText(SPEC).trimEnd());
  const out: ConfigOverrides = {};
  if (values.auth === true) out.auth = true; // multi-user mode: sign-in, roles (required beyond loopback)
  if (values['in-cluster'] === true) out.inCluster = true; // the pod's ServiceAccount, not a kubeconfig
  if (typeof values.host === 'string') out.host = values.host;
  if (typeof values.kubeconfig === 'string') out.kubeconfigPath = values.kubeconfig;
  if (typeof values.context === 'string') out.kubeContext = values.context;
  if (typeof values.port === 'string') {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be a port number (1-65535), got '${values.port}'`);
    out.port = port;
  }
  return out;
}

export async function serveCommand(args: string[]): Promise<number> {
  const parsed = parseOrExit(SPEC, args, processIo);
  if (typeof parsed === 'number') return parsed;
  return serveUntilSignal(parseServeFlags(args));
}
