// The e2e studio's browser address is its launch host, `<random>.localhost` (docs/design/0036-launch-host.md).
// Chromium resolves every *.localhost name to loopback itself; Node asks glibc, which asks DNS and
// finds nothing. Playwright's APIRequestContext (page.request, the `request` fixture) runs in this
// Node process and looks names up through dns.promises.lookup, so those lookups get the browser's
// rule here (RFC 6761 §6.3): IPv4 loopback, where the studio listens. Imported by
// playwright.config.ts, which every worker loads.
import dns from 'node:dns';

type AnyLookup = (hostname: string, options?: unknown) => Promise<unknown>;
const lookup = dns.promises.lookup.bind(dns.promises) as AnyLookup;

const localhostLookup: AnyLookup = (hostname, options) => {
  if (!hostname.toLowerCase().endsWith('.localhost')) return lookup(hostname, options);
  const opts = (typeof options === 'number' ? { family: options } : (options ?? {})) as dns.LookupOptions;
  const v4 = opts.family === 6 ? [] : [{ address: '127.0.0.1', family: 4 }];
  if (opts.all === true) return Promise.resolve(v4);
  if (v4[0] === undefined)
    return Promise.reject(Object.assign(new Error(`no IPv6 address for ${hostname}`), { code: 'ENOTFOUND' }));
  return Promise.resolve(v4[0]);
};

dns.promises.lookup = localhostLookup as typeof dns.promises.lookup;
