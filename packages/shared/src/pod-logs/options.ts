// What a pod log request may ask, shared by the controller's input schema and the web view's
// controls: where to start (the last N lines, or the last N seconds) and the caps that keep one
// request and one browser tab bounded.
import { z } from 'zod';

/** The choices the view offers; the API accepts any value within the bounds below. */
export const TAIL_CHOICES = [100, 500, 1000, 5000] as const;
export const SINCE_CHOICES = [
  { label: '5 min', seconds: 300 },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
] as const;

/** The view keeps this many lines; older ones scroll away. */
export const MAX_VIEW_LINES = 5000;
/** A download is the whole current log, up to this much. */
export const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;

/** Either the last `tailLines` or the last `sinceSeconds` (Kubernetes takes both, the view offers one). */
export const logStartSchema = z.union(
  [
    z.object({ tailLines: z.number().int().min(1).max(100_000) }),
    z.object({
      sinceSeconds: z
        .number()
        .int()
        .min(1)
        .max(30 * 86_400),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: 'start from { tailLines }, { sinceSeconds } or { all: true }' },
);
export type LogStart = z.output<typeof logStartSchema>;
