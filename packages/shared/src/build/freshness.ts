// Whether a compiled build (the controller's, apps/controller/src/build) is still the code its
// sources say: the build records every input it read, and the build is current while each input
// is as recorded. A file's size and modification time are read first; a file whose time moved
// (a checkout, a copy into an image) is compared by content, so only a real change counts.
import { z } from 'zod';

export const fileStampSchema = z.object({ size: z.number().int().nonnegative(), mtimeMs: z.number() });
export type FileStamp = z.infer<typeof fileStampSchema>;

export const buildRecordSchema = z.object({
  /** what wrote it: a record written by another builder is never taken as current */
  builder: z.string(),
  /** each input by its path relative to the repository, as it was read */
  inputs: z.record(z.string(), fileStampSchema.extend({ sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** each output by its path relative to the repository, as written */
  outputs: z.record(z.string(), fileStampSchema.pick({ size: true })),
});
export type BuildRecord = z.infer<typeof buildRecordSchema>;

/** How the check reads the files (I/O handed in): undefined when a file is not there. */
export interface FileLook {
  stat(path: string): FileStamp | undefined;
  sha256(path: string): string;
}

/** Why the build is not current: the first file found that differs from the record. */
export interface BuildChange {
  readonly path: string;
  readonly why: 'deleted' | 'changed' | 'output missing' | 'output changed' | 'other builder';
}

/** The first difference between the record and the files, or undefined when the build is current. */
export function buildChange(record: BuildRecord, builder: string, look: FileLook): BuildChange | undefined {
  if (record.builder !== builder) return { path: record.builder, why: 'other builder' };
  for (const [path, want] of Object.entries(record.outputs)) {
    const seen = look.stat(path);
    if (seen === undefined) return { path, why: 'output missing' };
    if (seen.size !== want.size) return { path, why: 'output changed' };
  }
  for (const [path, want] of Object.entries(record.inputs)) {
    const seen = look.stat(path);
    if (seen === undefined) return { path, why: 'deleted' };
    if (seen.size !== want.size) return { path, why: 'changed' };
    if (seen.mtimeMs !== want.mtimeMs && look.sha256(path) !== want.sha256) return { path, why: 'changed' };
  }
  return undefined;
}
