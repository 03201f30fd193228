// How form sections change the design: `edit(next, group)`; edits with the same group in quick
// succession (typing in one input) make one undo step.
import type { Design } from '@opstudio/shared/design/schema';

export type Edit = (next: (d: Design) => Design, group: string | null) => void;
