// Waiting on the API server: a CRD's NamesAccepted and Established conditions, a CRD or a set of
// custom resources to be gone. Polls (100 ms) rather than watches: a few seconds at most, and a
// poll cannot miss an event or stall on a half-open watch. Timeouts say what was still pending.
import { ConflictError, TimedOutError } from '../errors';
import { conditionsOf, type CrdClient, type CustomResource } from './crd-client';

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitForEstablished(
  client: CrdClient,
  name: string,
  timeoutMs: number,
  onCondition: (c: 'NamesAccepted' | 'Established') => void | Promise<void>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  let last = 'no conditions yet';
  for (;;) {
    const crd = await client.read(name);
    if (crd === undefined)
      throw new ConflictError(`CRD ${name} disappeared while installing (deleted by someone else?): install again`);
    const conditions = conditionsOf(crd);
    for (const type of ['NamesAccepted', 'Established'] as const) {
      const c = conditions.find((x) => x.type === type);
      if (c?.status === 'True' && !seen.has(type)) {
        seen.add(type);
        await onCondition(type);
      }
      if (type === 'NamesAccepted' && c?.status === 'False') {
        throw new ConflictError(
          `the API server did not accept the names of ${name} (${c.reason ?? 'NotAccepted'}: ${c.message ?? ''}): change the plural, singular, short names or kind`,
        );
      }
    }
    if (seen.has('Established')) return;
    last = conditions.map((c) => `${c.type}=${c.status}${c.message ? ` (${c.message})` : ''}`).join(', ') || last;
    if (Date.now() > deadline) {
      throw new TimedOutError(
        `CRD ${name} was applied but is not Established after ${Math.round(timeoutMs / 1000)} s (${last}): check the API server (npx opstudio sandbox status) and install again`,
      );
    }
    await sleep(POLL_MS);
  }
}

export async function waitForCrdGone(client: CrdClient, name: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const crd = await client.read(name);
    if (crd === undefined) return;
    if (Date.now() > deadline) {
      const why = conditionsOf(crd).find((c) => c.type === 'Terminating')?.message ?? 'still terminating';
      throw new TimedOutError(
        `CRD ${name} is not gone after ${Math.round(timeoutMs / 1000)} s (${why}): its objects may be stuck on finalizers; check them and uninstall again`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** Until `list()` is empty. The message names the objects still there and the finalizers holding them. */
export async function waitForResourcesGone(
  list: () => Promise<CustomResource[]>,
  kind: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await list();
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      const names = left.slice(0, 3).map((o) => {
        const id = o.metadata.namespace === undefined ? o.metadata.name : `${o.metadata.namespace}/${o.metadata.name}`;
        const fins = o.metadata.finalizers ?? [];
        return fins.length === 0 ? id : `${id} waiting on finalizer ${fins.join(', ')}`;
      });
      const more = left.length > 3 ? ` and ${left.length - 3} more` : '';
      throw new TimedOutError(
        `${left.length} ${kind} object(s) still exist after ${Math.round(timeoutMs / 1000)} s (${names.join('; ')}${more}): their finalizers run in the studio's controller; is it running? Uninstall again once they are gone`,
      );
    }
    await sleep(POLL_MS);
  }
}
