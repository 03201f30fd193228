// Planning one collection child (docs/design/0041), called by plan.ts where it would render a
// single object: each iterator's list evaluated, the product counted against the limit before
// anything renders, then one object per element rendered in a context that holds the element's
// iterators. All or nothing: an element that fails, a name the kind refuses or two elements that
// give one name fail the whole collection, and nothing of it is applied (nor pruned). Collections
// is what one plan knows of them: which are observed whole, and each bound as its list.
import type { JSONValue } from '../crd/types';
import { labelValue } from '../operand/desired';
import {
  collectionLimit,
  ELEMENT_LABEL,
  elementName,
  isCollection,
  notAList,
  objectName,
  observedList,
  productElements,
  productSize,
} from './collections';
import type { PlanError } from './conditions';
import type { AnalyzedChild } from './dependencies';
import {
  closeCelContext,
  deriveCelContext,
  evaluateExpression,
  inElement,
  renderValue,
  type CelContext,
} from './evaluate';
import { FOR_EACH_LIMIT_MAX, type KubeObject, type ResourceGraph } from './model';
import type { ExternalValue } from './externals';
import type { Observed, Plan } from './plan';

/** One planned object of a collection: its name, its element's key and iterator values. */
export interface PlannedItem {
  readonly name: string;
  readonly key: string;
  readonly vars: Readonly<Record<string, JSONValue>>;
}

export type CollectionPlan =
  | { outcome: 'desired'; items: PlannedItem[]; desired: { id: string; key: string; object: KubeObject }[] }
  | { outcome: 'blocked' }
  | { outcome: 'failed'; errors: PlanError[] };

export interface CollectionHelpers {
  readonly crName: string;
  /**
   * the planner's metadata and placement over a rendered object, `name` when the template sets
   * none; `problem` when the design may not write in the namespace it names
   */
  dress(rendered: KubeObject, name: string): { object: KubeObject; problem: string | undefined };
  /** why the kind would refuse the object's name, if it would */
  nameProblem(object: KubeObject): string | undefined;
}

export const CAP_REASON = 'CollectionTooLarge';

export function planCollection(
  a: AnalyzedChild,
  context: CelContext | undefined,
  h: CollectionHelpers,
): CollectionPlan {
  const { child, path, reads, iterators } = a;
  // a dependency observed but without the field yet (a status not reported) is waiting, not wrong
  const waiting = (r: { missing: boolean }) => r.missing && reads.template.size > 0;
  const lists: { name: string; list: JSONValue[] }[] = [];
  for (const it of iterators) {
    const r = evaluateExpression(it.expr, context, it.path);
    if (!r.ok) return waiting(r) ? { outcome: 'blocked' } : { outcome: 'failed', errors: [r] };
    if (!Array.isArray(r.value))
      return { outcome: 'failed', errors: [{ path: it.path, message: `\${${it.expr}} ${notAList(r.value)}` }] };
    lists.push({ name: it.name, list: r.value });
  }
  const size = productSize(lists.map((l) => l.list));
  const limit = collectionLimit(child);
  if (size > limit)
    return {
      outcome: 'failed',
      errors: [
        {
          path: `${path}.forEach`,
          reason: CAP_REASON,
          message: `makes ${size} objects, more than the limit of ${limit}: nothing of the collection is applied (shorten the list, or raise forEachLimit, at most ${FOR_EACH_LIMIT_MAX})`,
        },
      ],
    };
  const namedByTemplate = typeof child.template.metadata?.name === 'string' && child.template.metadata.name !== '';
  const items: PlannedItem[] = [];
  const desired: { id: string; key: string; object: KubeObject }[] = [];
  const keyOfName = new Map<string, string>();
  for (const e of productElements(lists)) {
    const rendered = inElement(context, e.vars, (c) => renderValue(child.template, c, `${path}.template`));
    if (!rendered.ok) {
      if (waiting(rendered)) return { outcome: 'blocked' };
      return { outcome: 'failed', errors: [{ path: rendered.path, message: `element ${e.key}: ${rendered.message}` }] };
    }
    const { object, problem: misplaced } = h.dress(
      rendered.value as KubeObject,
      elementName(h.crName, child.id, e.key),
    );
    const meta = object.metadata as { labels: Record<string, JSONValue> };
    meta.labels = { ...meta.labels, [ELEMENT_LABEL]: labelValue(e.key) };
    const problem = h.nameProblem(object);
    if (problem !== undefined)
      return {
        outcome: 'failed',
        errors: [{ path: `${path}.template.metadata.name`, message: `element ${e.key}: ${problem}` }],
      };
    if (misplaced !== undefined)
      return {
        outcome: 'failed',
        errors: [{ path: `${path}.template.metadata.namespace`, message: `element ${e.key}: ${misplaced}` }],
      };
    const name = objectName(object)!;
    const twin = keyOfName.get(name);
    if (twin !== undefined)
      return {
        outcome: 'failed',
        errors: [
          {
            path: namedByTemplate ? `${path}.template.metadata.name` : `${path}.forEach`,
            message: `elements ${twin} and ${e.key} both give the name ${name}: a collection's objects need a name each${namedByTemplate ? ' (build metadata.name from every iterator)' : ' (make the elements distinct)'}; nothing of the collection is applied`,
          },
        ],
      };
    keyOfName.set(name, e.key);
    items.push({ name, key: e.key, vars: e.vars });
    desired.push({ id: child.id, key: e.key, object });
  }
  return { outcome: 'desired', items, desired };
}

/**
 * A collection is ready when each of its objects is (kro: readyWhen per item, all of them): the
 * readyWhen runs once per object with the child's id bound to that object, as a single child's
 * readyWhen reads its own, and the element's iterators beside it. Empty is ready.
 */
export function collectionReady(
  a: AnalyzedChild,
  context: CelContext | undefined,
  items: readonly PlannedItem[],
  observed: (name: string) => KubeObject | undefined,
  errors: PlanError[],
): boolean {
  const { child, path } = a;
  if (child.readyWhen === undefined) return true;
  for (const item of items) {
    const object = observed(item.name);
    if (object === undefined) return false;
    const r = inElement(context, { ...item.vars, [child.id]: object }, (c) =>
      evaluateExpression(child.readyWhen!, c, `${path}.readyWhen`),
    );
    if (r.ok && typeof r.value === 'boolean') {
      if (!r.value) return false;
      continue;
    }
    if (!r.ok && r.missing) return false; // e.g. a status not reported yet
    errors.push(r.ok ? { path: `${path}.readyWhen`, message: 'readyWhen must give true or false' } : r);
    return false;
  }
  return true;
}

/**
 * What the plan knows of its collections: each one's planned objects, whether all of them are
 * observed (a dependency on a collection means all of its objects), and, once they are, the
 * collection bound in the CEL context as the list of those objects in element order.
 */
export class Collections {
  readonly items = new Map<string, readonly PlannedItem[]>();
  private readonly ids: ReadonlySet<string>;
  private readonly observed: Map<string, ExternalValue>;

  constructor(graph: ResourceGraph, observed: Observed) {
    this.ids = new Set(graph.resources.filter(isCollection).map((r) => r.id));
    this.observed = new Map(observed);
  }

  /**
   * The preview's step (PlanOptions.assumeApplied): a child just planned is observed as planned.
   * Gives the object to bind in the CEL context when something reads it (a collection's list is
   * bound by planned(), all of it being there).
   */
  assume(id: string, result: Plan): KubeObject | undefined {
    const objects = result.desired.filter((d) => d.id === id).map((d) => d.object);
    if (this.ids.has(id)) {
      this.observed.set(id, objects);
      return undefined;
    }
    const [object] = objects;
    this.observed.set(id, object);
    return object;
  }

  byName(id: string, name: string): KubeObject | undefined {
    return observedList(this.observed.get(id)).find((o) => objectName(o) === name);
  }

  anyObserved(id: string): boolean {
    return this.ids.has(id) ? observedList(this.observed.get(id)).length > 0 : this.observed.get(id) !== undefined;
  }

  isObserved(id: string): boolean {
    if (!this.ids.has(id)) return this.observed.get(id) !== undefined;
    const items = this.items.get(id);
    return items !== undefined && items.every((i) => this.byName(id, i.name) !== undefined);
  }

  /** After a child planned: a collection's names reported, and its list bound once all are there. */
  planned(id: string, context: CelContext | undefined, result: Plan): CelContext | undefined {
    const items = this.items.get(id);
    if (items === undefined) return context;
    (result.collections ??= {})[id] = items.map((i) => i.name);
    if (context === undefined || !this.isObserved(id)) return context;
    const next = deriveCelContext(context, { [id]: items.map((i) => this.byName(id, i.name)!) });
    closeCelContext(context);
    return next;
  }
}
