// The design version an installed CRD pins (label = design id, annotation = version), read from
// the database: later saves change nothing until the next install.
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import type { StudioDb } from '../db';

export class PinnedDesignError extends Error {
  override readonly name = 'PinnedDesignError';
}

export async function loadPinnedDesign(db: StudioDb, designId: string, version: number): Promise<Design> {
  const row = await db.designVersion.findUnique({ where: { designId_version: { designId, version } } });
  if (row === null)
    throw new PinnedDesignError(
      `design ${designId} version ${version} is not in the database: reinstall the design (npx opstudio install <design.yaml>)`,
    );
  const parsed = parseDesign(row.yaml);
  if (!parsed.ok)
    throw new PinnedDesignError(
      `design ${designId} version ${version} no longer parses (${parsed.errors[0]?.message ?? 'invalid'}): save and reinstall it`,
    );
  return parsed.design;
}
