// Single-user mode (the default on loopback: whoever reaches 127.0.0.1 is the machine's owner
// and acts as admin, no sign-in) versus multi-user mode (`--auth` or OPSTUDIO_AUTH=on: local
// accounts, sessions, roles). Listening beyond loopback without sign-in is refused at start-up.

export const authModes = ['single-user', 'multi-user'] as const;
export type AuthMode = (typeof authModes)[number];

/** Addresses only this machine can reach. A host name other than `localhost` may resolve anywhere. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return (
    h === 'localhost' ||
    h === '::1' ||
    h === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}

/** The refusal message when `host` is reachable from the network and sign-in is off; undefined when safe. */
export function checkListenSafety(host: string, mode: AuthMode): string | undefined {
  if (mode === 'multi-user' || isLoopbackHost(host)) return undefined;
  return `refusing to listen on ${host} without sign-in: anyone who can reach it would control your cluster. Start with --auth (or OPSTUDIO_AUTH=on), or listen on 127.0.0.1`;
}
