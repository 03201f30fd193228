// A collection's design checks (docs/design/0041), beside the graph's own (dependencies.ts): each
// forEach entry is one `${…}`, its iterator name is none of the child ids (an expression could not
// tell them apart) nor another iterator of the child, forEachLimit belongs to a collection, and a
// collection's objects cannot share one fixed name.
import { error, type Issue } from '../validate/issue';
import { isCollection, iteratorExpression, iteratorsOf } from './collections';
import type { ExpressionSite } from './expressions';
import type { ChildResource } from './model';

export interface AnalyzedIterator {
  readonly name: string;
  /** the CEL inside the entry's `${…}` */
  readonly expr: string;
  /** `resources[1].forEach[0]` */
  readonly path: string;
}

export function analyzeIterators(
  child: ChildResource,
  path: string,
  ids: ReadonlySet<string>,
  issues: Issue[],
): { iterators: AnalyzedIterator[]; sites: ExpressionSite[] } {
  if (!isCollection(child)) {
    if (child.forEachLimit !== undefined)
      issues.push(error(`${path}.forEachLimit`, 'forEachLimit bounds a collection: add forEach, or remove it'));
    return { iterators: [], sites: [] };
  }
  const name = child.template.metadata?.name;
  if (typeof name === 'string' && name !== '' && !name.includes('${'))
    issues.push(
      error(
        `${path}.template.metadata.name`,
        `a collection's objects need a name each: leave metadata.name out (each is named <cr>-${child.id}-<element>) or build it from an iterator, such as \${self.metadata.name + '-' + port.name}`,
      ),
    );
  const iterators: AnalyzedIterator[] = [];
  const seen = new Set<string>();
  for (const it of iteratorsOf(child, path)) {
    if (ids.has(it.name))
      issues.push(
        error(
          it.path,
          `the iterator ${it.name} has the name of a resource of this design: expressions could not tell them apart; call it something else, such as each`,
        ),
      );
    else if (seen.has(it.name))
      issues.push(error(it.path, `the iterator ${it.name} is named twice in this forEach: give each its own name`));
    seen.add(it.name);
    const parsed = iteratorExpression(it.value);
    if (!parsed.ok) issues.push(error(it.path, parsed.message));
    else iterators.push({ name: it.name, expr: parsed.expr, path: it.path });
  }
  return { iterators, sites: iterators.map((it) => ({ path: it.path, source: it.expr })) };
}
