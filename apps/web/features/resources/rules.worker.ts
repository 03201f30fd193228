// The resource forms' validation rules, run in a Web Worker: the studio's CEL module (the API
// server's own validator as WebAssembly, loaded as the designer's worker loads it: cel-loader.ts)
// takes seconds to start and a check of a large object takes longer than a frame, so neither
// happens on the thread that answers keystrokes. One per page (rules-connection.ts), shared by
// the forms on it, each under its own number. Protocol: the module's URLs once; each kind's
// schema once under an id (a kyverno-sized schema is a megabyte), dropped when the page drops
// it; then requests under numbers per form (latest-wins.ts). Each request is answered at once,
// without a verdict while the module loads, and each form's latest one again once it is ready.
import { celEngine } from '@opstudio/shared/cel/engine';
import type { JSONSchemaProps } from '@opstudio/shared/crd/types';
import { checkRules, type RuleCheck } from '@opstudio/shared/resources/rule-check';
import { celLoaded, loadFailure, type CelStart } from '../previews/cel-loader';
import type { CelStatus } from '../previews/cel-status';

export interface RulesInput {
  /** the object the API server would validate */
  readonly object: Record<string, unknown>;
  /** the stored object (an update), or null (a create) */
  readonly oldObject: Record<string, unknown> | null;
}

type Check = RulesInput & {
  readonly kind: 'check';
  /** the asking form's number */
  readonly form: number;
  readonly seq: number;
  /** the id its schema was sent under */
  readonly schema: number;
};

export type RulesMessage =
  | CelStart
  | { readonly kind: 'schema'; readonly id: number; readonly schema: JSONSchemaProps }
  | { readonly kind: 'drop'; readonly id: number }
  | Check
  | { readonly kind: 'close'; readonly form: number };

export interface RulesAnswer {
  readonly form: number;
  readonly seq: number;
  readonly cel: CelStatus;
  /** null while the module loads (or could not) */
  readonly check: RuleCheck | null;
}

interface WorkerScope {
  onmessage: ((e: MessageEvent<RulesMessage>) => void) | null;
  postMessage(answer: RulesAnswer): void;
}

const scope = self as unknown as WorkerScope;
let cel: CelStatus = 'loading';
const schemas = new Map<number, JSONSchemaProps>();
/** each form's latest request, answered again when the module is ready */
const latest = new Map<number, Check>();

function verdict(req: Check): RuleCheck | null {
  const engine = celEngine();
  if (cel !== 'ready' || engine === undefined) return null;
  const schema = schemas.get(req.schema);
  if (schema === undefined) return { errors: [], warnings: [], unchecked: [], notRun: "the kind's schema changed" };
  try {
    return checkRules(engine, { schema, object: req.object, oldObject: req.oldObject });
  } catch (err) {
    return { errors: [], warnings: [], unchecked: [], notRun: loadFailure(err) };
  }
}

const answer = (req: Check) => scope.postMessage({ form: req.form, seq: req.seq, cel, check: verdict(req) });

function start(msg: CelStart): void {
  if (cel !== 'loading') return;
  void celLoaded(msg).then((status) => {
    cel = status;
    latest.forEach(answer);
  });
}

scope.onmessage = (e) => {
  const msg = e.data;
  switch (msg.kind) {
    case 'cel':
      return start(msg);
    case 'schema':
      schemas.set(msg.id, msg.schema);
      return;
    case 'drop':
      schemas.delete(msg.id);
      return;
    case 'close':
      latest.delete(msg.form);
      return;
    case 'check':
      latest.set(msg.form, msg);
      answer(msg);
  }
};
