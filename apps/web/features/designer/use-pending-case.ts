'use client';
// The designer's side of "Add as test case to the design" (pending-case.ts): on opening, a live
// resource handed over for this design becomes a render case (liveCase), applied as an edit (undo,
// unsaved marker, YAML in step); returns the new case's name for the page to say so.
import { liveCase, setRenderCase } from '@opstudio/shared/design-tests/edit';
import type { Design } from '@opstudio/shared/design/schema';
import { useEffect, useRef, useState } from 'react';
import type { Edit } from './edit';
import { pendingObjects, takePendingCase } from './pending-case';

export function usePendingCase(designId: string, design: Design, edit: Edit): string | null {
  const [added, setAdded] = useState<string | null>(null);
  const opened = useRef(design); // the design as opened: the case is made against it
  useEffect(() => {
    const pending = takePendingCase(window.localStorage, designId);
    if (pending === undefined) return;
    const { cr, children } = pendingObjects(pending);
    const c = liveCase(opened.current, cr, children);
    edit((d) => setRenderCase(d, Infinity, c), null);
    setAdded(c.name);
  }, [designId, edit]);
  return added;
}
