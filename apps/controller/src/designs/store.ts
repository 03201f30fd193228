// The designs store over Prisma. Every save adds DesignVersion n+1 (the previous ones stay), in
// one transaction with the unique (designId, version) index as the guard against two concurrent
// saves picking the same number; a save that names the version it was edited over is refused
// once another version came after it. A save whose canonical YAML equals the latest version's adds
// nothing (re-running `opstudio install` on an unchanged file must not grow the history).
import { crdName } from '@opstudio/shared/design/names';
import { serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import type { StudioDb } from '../db';
import { ConflictError, InvalidInputError, NotFoundError, PreconditionError } from '../errors';
import { parseDesignOrThrow } from './parse';
import { designErrorCount } from './problem-count';
import { summarizeDesignChange } from './summary';

export interface DesignSummary {
  readonly id: string;
  readonly name: string;
  readonly latestVersion: number;
  /** The CRD the latest version installs (`memcacheds.cache.example.com`), null if it no longer parses. */
  readonly crdName: string | null;
  readonly kind: string | null;
  /** Errors in the latest version (the designer's checks; a design with errors can be saved, not installed). */
  readonly problems: number;
  /** ISO times: the API has no transformer, so Dates would reach the client as strings anyway. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface DesignVersionView {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly latestVersion: number;
  readonly yaml: string;
  readonly savedAt: string;
}

export interface SaveDesignInput {
  /** Absent: a new design. */
  readonly id?: string | undefined;
  readonly name: string;
  readonly yaml: string;
  /**
   * The version the edits were made over (the designer sends it): a later version saved
   * meanwhile, by another tab or person, refuses the save instead of burying that version.
   */
  readonly baseVersion?: number | undefined;
}

export interface SavedDesign {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** False when the YAML equalled the latest version's (no version was added). */
  readonly created: boolean;
}

export interface DesignHistoryEntry {
  readonly version: number;
  readonly savedAt: string;
  readonly bytes: number;
  /** Who saved it, from the audit log; null when the log does not say (e.g. saved before it existed). */
  readonly savedBy: string | null;
  /** What this version changed against the one before (designs/summary.ts). */
  readonly summary: string;
}

/** An audit row counts as a version's save when it was written within this long after the version. */
const AUDIT_MATCH_MS = 10_000;

/** Asked before a delete: the CRD installed from this design, if any (a reconciler still needs its design). */
export type InstalledCrdLookup = (designId: string) => Promise<string | undefined>;

const notFound = (id: string) =>
  new NotFoundError(`no design with id "${id}": it may have been deleted; reload the list`);

function describe(yaml: string): { crdName: string | null; kind: string | null; problems: number } {
  let design: Design;
  try {
    design = parseDesignOrThrow(yaml);
  } catch {
    return { crdName: null, kind: null, problems: 1 };
  }
  const problems = designErrorCount(yaml, design);
  try {
    return { crdName: crdName(design), kind: design.crd.names.kind, problems };
  } catch {
    return { crdName: null, kind: null, problems };
  }
}

export class DesignStore {
  constructor(
    private readonly db: StudioDb,
    private readonly installedCrd?: InstalledCrdLookup,
  ) {}

  async list(): Promise<DesignSummary[]> {
    const rows = await this.db.design.findMany({
      orderBy: { name: 'asc' },
      include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true, yaml: true } } },
    });
    return rows.map((r) => {
      const latest = r.versions[0];
      return {
        id: r.id,
        name: r.name,
        latestVersion: latest?.version ?? 0,
        ...describe(latest?.yaml ?? ''),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  /** A design's name by id (undefined when it was deleted): for messages that would otherwise show an id. */
  async nameOf(id: string): Promise<string | undefined> {
    return (await this.db.design.findUnique({ where: { id }, select: { name: true } }))?.name;
  }

  /** The given version, or the latest. */
  async get(id: string, version?: number): Promise<DesignVersionView> {
    const design = await this.db.design.findUnique({
      where: { id },
      include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } } },
    });
    if (design === null) throw notFound(id);
    const latestVersion = design.versions[0]?.version ?? 0;
    const wanted = version ?? latestVersion;
    const row = await this.db.designVersion.findUnique({
      where: { designId_version: { designId: id, version: wanted } },
    });
    if (row === null) {
      throw new NotFoundError(`design "${design.name}" has no version ${wanted} (versions 1 to ${latestVersion})`);
    }
    return {
      id,
      name: design.name,
      version: row.version,
      latestVersion,
      yaml: row.yaml,
      savedAt: row.createdAt.toISOString(),
    };
  }

  /** The parsed design of a version (for install and diff). */
  async load(id: string, version?: number): Promise<{ view: DesignVersionView; design: Design }> {
    const view = await this.get(id, version);
    return {
      view,
      design: parseDesignOrThrow(view.yaml, `design "${view.name}" version ${view.version} no longer parses`),
    };
  }

  /** Every version, newest first, with who saved it (if the audit log knows) and what it changed. */
  async history(id: string): Promise<DesignHistoryEntry[]> {
    const design = await this.db.design.findUnique({
      where: { id },
      include: { versions: { orderBy: { version: 'asc' }, select: { version: true, createdAt: true, yaml: true } } },
    });
    if (design === null) throw notFound(id);
    // a new design's first save names it (its id did not exist yet); later saves name the id
    const saves = await this.db.auditEntry.findMany({
      where: {
        action: 'designs.save',
        result: 'success',
        OR: [{ designId: id }, { designId: null, name: design.name }],
      },
      orderBy: { at: 'asc' },
      select: { at: true, actor: true },
    });
    let previous: Design | null = null;
    const used = new Set<number>();
    const entries = design.versions.map((v) => {
      const saved = v.createdAt.getTime();
      const at = saves.findIndex(
        (a, i) => !used.has(i) && a.at.getTime() >= saved - 1000 && a.at.getTime() - saved <= AUDIT_MATCH_MS,
      );
      if (at !== -1) used.add(at);
      const save = saves[at];
      let summary: string;
      try {
        const parsed = parseDesignOrThrow(v.yaml);
        summary = summarizeDesignChange(previous, parsed);
        previous = parsed;
      } catch {
        summary = 'does not parse with this studio version';
      }
      return {
        version: v.version,
        savedAt: v.createdAt.toISOString(),
        bytes: Buffer.byteLength(v.yaml),
        savedBy: save?.actor ?? null,
        summary,
      };
    });
    return entries.reverse();
  }

  async save(input: SaveDesignInput): Promise<SavedDesign> {
    const name = input.name.trim();
    if (name === '') throw new InvalidInputError('a design needs a name: type one and save again');
    const yaml = serializeDesign(parseDesignOrThrow(input.yaml));
    return this.db.$transaction(async (tx) => {
      const byName = await tx.design.findUnique({ where: { name } });
      if (input.id === undefined) {
        if (byName !== null) {
          throw new ConflictError(
            `a design named "${name}" already exists: open it to save a new version, or choose another name`,
          );
        }
        const created = await tx.design.create({ data: { name, versions: { create: { version: 1, yaml } } } });
        return { id: created.id, name, version: 1, created: true };
      }
      const id = input.id;
      const design = await tx.design.findUnique({
        where: { id },
        include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
      });
      if (design === null) throw notFound(id);
      if (byName !== null && byName.id !== id) {
        throw new ConflictError(`another design is already named "${name}": choose another name`);
      }
      const latest = design.versions[0];
      if (input.baseVersion !== undefined && latest !== undefined && latest.version !== input.baseVersion) {
        throw new ConflictError(
          `version ${latest.version} of this design was saved after version ${input.baseVersion}, the one these edits were made over: reload the design to see it (your edits stay as a local draft)`,
        );
      }
      if (design.name !== name) await tx.design.update({ where: { id }, data: { name } });
      if (latest !== undefined && latest.yaml === yaml) return { id, name, version: latest.version, created: false };
      const version = (latest?.version ?? 0) + 1;
      await tx.designVersion.create({ data: { designId: id, version, yaml } });
      await tx.design.update({ where: { id }, data: { updatedAt: new Date() } });
      return { id, name, version, created: true };
    });
  }

  /** For the CLI: a new design under `name`, or a new version of the design of that name. */
  async saveByName(name: string, yaml: string): Promise<SavedDesign> {
    const existing = await this.db.design.findUnique({ where: { name: name.trim() } });
    return this.save({ id: existing?.id, name, yaml });
  }

  async delete(id: string): Promise<{ id: string; name: string }> {
    const design = await this.db.design.findUnique({ where: { id } });
    if (design === null) throw notFound(id);
    const installed = await this.installedCrd?.(id);
    if (installed !== undefined) {
      throw new PreconditionError(
        `design "${design.name}" is installed as CRD ${installed}: uninstall it first (its controller reconciles with this design)`,
      );
    }
    await this.db.design.delete({ where: { id } });
    return { id, name: design.name };
  }
}
