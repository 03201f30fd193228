/**
 * The export's gate: a design becomes Go only when it parses as a design and validateDesign
 * finds no error in it, so nothing the user typed reaches Go source, YAML or a path without
 * its grammar checked. The first error is the one reported, with its design path.
 */
import { zodIssues } from '../design/errors';
import { DESIGN, type Design } from '../design/schema';
import { validateDesign } from '../validate/design';
import { ScaffoldError } from './errors';

const more = (n: number): string =>
  n > 1 ? ` (and ${n - 1} more error${n > 2 ? 's' : ''}; \`opstudio validate\` lists them)` : '';

/** The design, parsed; throws ScaffoldError naming the first problem's path. */
export function exportableDesign(input: Design): Design {
  const parsed = DESIGN.safeParse(input);
  if (!parsed.success) {
    const errors = zodIssues(parsed.error.issues, input);
    const first = errors[0];
    throw new ScaffoldError(
      `${first?.message ?? 'the design is invalid'}${more(errors.length)}`,
      first?.path || 'design',
    );
  }
  const errors = validateDesign(parsed.data).filter((i) => i.severity === 'error');
  const first = errors[0];
  if (first !== undefined) throw new ScaffoldError(`${first.message}${more(errors.length)}`, first.path || 'design');
  return parsed.data;
}
