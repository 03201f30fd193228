'use client';
// The page's one rules worker (rules.worker.ts), shared by every form that checks a kind's rules:
// the CEL module costs seconds to start and ~300 MB once started, so it starts once per page
// load, on the first edit, and moving from the kind's table to a resource (a client-side
// navigation) finds it ready. Each form connects under its own number; answers come back to it.
// A kind's schema crosses to the worker once (by identity: the kinds cache keeps one object per
// version of a CRD), not with every request; the worker keeps the last few, as this side does.
import type { JSONSchemaProps } from '@opstudio/shared/crd/types';
import { celStart } from '../previews/cel-loader';
import type { RulesAnswer, RulesInput, RulesMessage } from './rules.worker';

export interface RulesConnection {
  /** Asks for a verdict on `input` under `seq` (answered through the `onAnswer` given to connect). */
  check(seq: number, schema: JSONSchemaProps, input: RulesInput): void;
  close(): void;
}

interface Shared {
  readonly worker: Worker;
  readonly forms: Map<number, { answer: (a: RulesAnswer) => void; fail: (why: string) => void }>;
  /** the schemas the worker holds, least recently used first */
  readonly schemaIds: Map<JSONSchemaProps, number>;
  next: number;
}

const KEPT_SCHEMAS = 16;

let shared: Shared | null = null;
let failed: string | null = null;

function start(): Shared | null {
  if (shared !== null || failed !== null) return shared;
  let worker: Worker;
  try {
    if (typeof Worker === 'undefined') throw new Error('no workers');
    worker = new Worker(new URL('./rules.worker.ts', import.meta.url), { type: 'module', name: 'rules' });
  } catch {
    failed = 'this browser cannot run the worker that checks them';
    return null;
  }
  const s: Shared = { worker, forms: new Map(), schemaIds: new Map(), next: 1 };
  // inlined at build time (next.config.ts): the module's hash names its URLs
  worker.postMessage(celStart(process.env.OPSTUDIO_CEL_HASH) satisfies RulesMessage);
  worker.onmessage = (e: MessageEvent<RulesAnswer>) => s.forms.get(e.data.form)?.answer(e.data);
  worker.onerror = () => {
    worker.terminate();
    failed = 'the worker that checks them stopped';
    shared = null;
    for (const f of s.forms.values()) f.fail(failed);
  };
  shared = s;
  return s;
}

/** A form's connection to the page's worker, or null (with `fail` called) when none can run. */
export function connectRules(answer: (a: RulesAnswer) => void, fail: (why: string) => void): RulesConnection | null {
  const s = start();
  if (s === null) {
    fail(failed ?? 'the worker that checks them could not start');
    return null;
  }
  const form = s.next++;
  s.forms.set(form, { answer, fail });
  return {
    check(seq, schema, input) {
      s.worker.postMessage({ kind: 'check', form, seq, schema: schemaId(s, schema), ...input } satisfies RulesMessage);
    },
    close() {
      s.forms.delete(form);
      s.worker.postMessage({ kind: 'close', form } satisfies RulesMessage);
    },
  };
}

/** The worker's id for `schema`, sending it first when the worker does not hold it. */
function schemaId(s: Shared, schema: JSONSchemaProps): number {
  const known = s.schemaIds.get(schema);
  s.schemaIds.delete(schema);
  if (known !== undefined) {
    s.schemaIds.set(schema, known);
    return known;
  }
  const id = s.next++;
  s.schemaIds.set(schema, id);
  s.worker.postMessage({ kind: 'schema', id, schema } satisfies RulesMessage);
  for (const [old, oldId] of s.schemaIds) {
    if (s.schemaIds.size <= KEPT_SCHEMAS) break;
    s.schemaIds.delete(old);
    s.worker.postMessage({ kind: 'drop', id: oldId } satisfies RulesMessage);
  }
  return id;
}
