/** `opstudio serve [--host H] [--port P] [--kubeconfig F] [--context C] [--auth] [--in-cluster]`: flags override the environment. */
import { serveUntilSignal } from '../serve';
import type { ConfigOverrides } from '../config';

const valueFlags = {
  '--host': 'host',
  '--port': 'port',
  '--kubeconfig': 'kubeconfigPath',
  '--context': 'kubeContext',
} as const;

export function parseServeFlags(args: string[]): ConfigOverrides {
  const out: ConfigOverrides = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    if (flag === '--auth' && inline === undefined) {
      out.auth = true; // multi-user mode: sign-in, roles (required beyond loopback)
      continue;
    }
    if (flag === '--in-cluster' && inline === undefined) {
      out.inCluster = true; // the pod's ServiceAccount, not a kubeconfig
      continue;
    }
    const key = valueFlags[flag as keyof typeof valueFlags];
    if (!key)
      throw new Error(
        `serve: unknown option ${flag} (known: ${Object.keys(valueFlags).join(', ')}, --auth, --in-cluster)`,
      );
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`serve: ${flag} needs a value`);
    if (key === 'port') {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`serve: --port must be a port number (1-65535), got '${value}'`);
      out.port = port;
    } else {
      out[key] = value;
    }
  }
  return out;
}

export async function serveCommand(args: string[]): Promise<number> {
  return serveUntilSignal(parseServeFlags(args));
}
