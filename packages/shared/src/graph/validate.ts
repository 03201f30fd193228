// Checks a resource graph before anything is installed, for the designer: the shape (ids,
// apiVersion/kind), then what the planner would refuse (duplicate ids, names that are not
// children, CEL syntax, cycles, fields the planner owns). Paths are relative to the graph
// (`resources[1].template.spec.selector`); the design prefixes `operand.` when it adopts it.
import { error, type Issue } from '../validate/issue';
import { bindingsOf } from './bindings';
import { analyzeGraph } from './dependencies';
import { childPath } from './expressions';
import { RESOURCE_GRAPH } from './model';

export function validateGraph(input: unknown): Issue[] {
  const parsed = RESOURCE_GRAPH.safeParse(input);
  if (!parsed.success)
    return parsed.error.issues.map((i) =>
      error(
        i.path.reduce<string>((p, k) => childPath(p, typeof k === 'number' ? k : String(k)), ''),
        i.message,
      ),
    );
  return [...analyzeGraph(parsed.data).issues, ...bindingsOf(parsed.data).issues];
}
