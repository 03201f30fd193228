// Where the designer's worker is with the studio's CEL module (cel-loader.ts), and what that
// means for the checks it answers with. While the module loads (the main thread's first paint,
// the worker's first answers) the pure code answers "pending" for every expression: those are not
// problems of the design and are left out. When it cannot load, the checks it would have run are
// not silently skipped: one problem says so.
import { CEL_PENDING } from '@opstudio/shared/cel/engine';
import { warning, type Issue } from '@opstudio/shared/validate/issue';

export type CelStatus = 'loading' | 'ready' | { readonly failed: string };

export const celFailed = (why: string): CelStatus => ({ failed: why });

export const celState = (s: CelStatus): 'loading' | 'ready' | 'failed' => (typeof s === 'string' ? s : 'failed');

export function celIssues(issues: readonly Issue[], status: CelStatus): readonly Issue[] {
  if (status === 'ready') return issues;
  const shown = issues.filter((i) => !i.message.includes(CEL_PENDING));
  if (status === 'loading') return shown;
  return [
    ...shown,
    warning(
      '',
      `CEL could not load: ${status.failed}. The designer neither evaluates nor checks the design's CEL expressions until the page is reloaded.`,
    ),
  ];
}
