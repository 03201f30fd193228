// Requests to a worker where only the latest one matters (the previews of the design on screen):
// at most one request is in flight, a newer one waits as "pending" (replacing an older pending
// one), and a result that arrives when a newer request is pending is dropped, not shown. So the
// main thread posts (clones) a design at most once per worker computation however fast the
// user types, and never renders previews of a design that is already out of date. The worker
// may answer the request last shown once more, unasked (its CEL module became ready): that answer
// is shown too, unless a newer request is on its way.
export interface LatestWins<Req, Res> {
  /** Ask for `req`; what was asked before and not yet answered is superseded. */
  request(req: Req): void;
  /** The worker's answer to request number `seq` (again, for the one last delivered). */
  receive(seq: number, res: Res): void;
  /** `req` is on screen already, computed another way: numbered as the last delivered, so the worker's later answer to it is shown. */
  shown(req: Req): number;
  /** The request in flight, if any (the worker failed: answer it another way). */
  inFlight(): { seq: number; req: Req } | null;
}

export function latestWins<Req, Res>(
  send: (seq: number, req: Req) => void,
  deliver: (req: Req, res: Res) => void,
): LatestWins<Req, Res> {
  let seq = 0;
  let flying: { seq: number; req: Req } | null = null;
  let pending: { req: Req } | null = null;
  let delivered: { seq: number; req: Req } | null = null;
  const post = (req: Req) => {
    flying = { seq: ++seq, req };
    send(flying.seq, req);
  };
  return {
    request(req) {
      if (flying === null) post(req);
      else pending = { req };
    },
    receive(n, res) {
      if (flying === null && delivered !== null && n === delivered.seq) return deliver(delivered.req, res);
      if (flying === null || n !== flying.seq) return;
      const answered = flying;
      flying = null;
      if (pending !== null) {
        const next = pending.req;
        pending = null;
        post(next);
        return;
      }
      delivered = answered;
      deliver(answered.req, res);
    },
    shown(req) {
      delivered = { seq: ++seq, req };
      return seq;
    },
    inFlight: () => flying,
  };
}
