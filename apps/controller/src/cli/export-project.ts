/**
 * The file-system half of `opstudio export --check <dir>` and `--update <dir>` (docs/design/0057):
 * reads the exported project, hands it to the pure drift and update planners of
 * packages/shared/src/scaffold/project-update.ts, runs `git merge-file` where both sides changed a
 * file, and writes. Every merge is computed before the first write, so a failure writes nothing;
 * every path written is one the scaffold builds (safe segments), under the project, and reached
 * through no symbolic link.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { ScaffoldError } from '@opstudio/shared/scaffold/facts';
import { scaffoldProject, type Scaffold } from '@opstudio/shared/scaffold/scaffold';
import {
  DESIGN_COPY_PATH,
  MANIFEST_PATH,
  designVersion,
  parseManifest,
  safeProjectPath,
  type ProjectManifest,
} from '@opstudio/shared/scaffold/project-manifest';
import type { CommandIo } from './output';
import { planUpdate, projectDrift, type UpdateStep } from '@opstudio/shared/scaffold/project-update';

type Fail = (message: string) => number;

/** Exit 0 when the project's generated files are the design's, 1 naming each that is not, 2 bad input. */
export function checkProject(design: Design, dir: string, io: CommandIo, fail: Fail): number {
  const { say, note } = printers(io);
  const project = openProject(dir, fail);
  if (typeof project === 'number') return project;
  const fresh = scaffoldOf(design, fail);
  if (typeof fresh === 'number') return fresh;
  const drift = projectDrift(fresh.files, project.read, project.manifest.generated);
  if (drift.length === 0) {
    note(`${dir}: the generated files match the design (${project.manifest.generated.length} files)`);
    return 0;
  }
  for (const d of drift) say(`${d.kind.padEnd(8)}${d.path}`);
  note(
    `${dir}: ${drift.length} generated file${drift.length === 1 ? '' : 's'} differ from the design: move hand edits into the hooks file, then opstudio export --update`,
  );
  return 1;
}

/** Three-way: base = the recorded design's scaffold, ours = this design's, theirs = the project. */
export function updateProject(design: Design, dir: string, force: boolean, io: CommandIo, fail: Fail): number {
  const { say, note } = printers(io);
  const project = openProject(dir, fail);
  if (typeof project === 'number') return project;
  const { manifest, read } = project;
  const copy = read(DESIGN_COPY_PATH);
  if (copy === undefined) return fail(`${dir} has no ${DESIGN_COPY_PATH}: the base of the merge cannot be rebuilt`);
  if (designVersion(copy) !== manifest.design.version)
    return fail(`${DESIGN_COPY_PATH} is not the design version ${MANIFEST_PATH} records: restore it from git`);
  const parsed = parseDesign(copy);
  if (!parsed.ok)
    return fail(`${DESIGN_COPY_PATH}: ${parsed.errors[0]?.path ?? ''}: ${parsed.errors[0]?.message ?? ''}`);
  const name = `${design.project.projectName}/${design.crd.names.kind}`;
  if (name !== manifest.design.name)
    return fail(`${dir} was exported from ${manifest.design.name}, not ${name}: export the renamed design anew`);
  const dirty = gitDirty(project.root);
  if (dirty !== undefined && !force) return fail(`${dir}: ${dirty}; commit or stash first (or --force)`);
  const base = scaffoldOf(parsed.design, fail);
  if (typeof base === 'number') return base;
  const ours = scaffoldOf(design, fail);
  if (typeof ours === 'number') return ours;

  const steps = planUpdate(base.files, ours.files, read);
  const merged = mergeAll(steps, manifest.design.version);
  if (typeof merged === 'string') return fail(merged);
  let conflicts = 0;
  for (const step of steps) {
    const target = writablePath(project.root, step.path);
    if (typeof target !== 'string') return fail(target.error);
  }
  for (const step of steps) {
    const target = join(project.root, step.path);
    switch (step.action) {
      case 'write':
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, step.text);
        say(`updated  ${step.path}`);
        break;
      case 'delete':
        unlinkSync(target);
        say(`deleted  ${step.path}`);
        break;
      case 'merge': {
        const m = merged.get(step.path)!;
        writeFileSync(target, m.text);
        if (m.conflicts > 0) conflicts++;
        say(
          `${m.conflicts > 0 ? 'CONFLICT' : 'merged  '} ${step.path}${m.conflicts > 0 ? ` (${m.conflicts} conflict${m.conflicts === 1 ? '' : 's'}, markers in the file)` : ''}`,
        );
        if (m.conflicts === 0 && step.generated)
          note(
            `${step.path} is generated and keeps a hand edit: export --check will name it; move it into the hooks file`,
          );
        break;
      }
      case 'conflict':
        conflicts++;
        say(`CONFLICT ${step.path} (${step.reason})`);
        break;
    }
  }
  note(
    `${dir}: ${steps.length} file${steps.length === 1 ? '' : 's'} changed from ${manifest.design.version} to ${designVersion(ours.files.get(DESIGN_COPY_PATH) ?? '')}` +
      (conflicts > 0 ? `, ${conflicts} with conflicts to resolve` : ''),
  );
  return conflicts > 0 ? 1 : 0;
}

/** Lines on stdout (one per file, for scripts) and notes on stderr. */
function printers(io: CommandIo): { say: (line: string) => void; note: (line: string) => void } {
  return { say: (line) => io.stdout(`${line}\n`), note: (line) => io.stderr(`opstudio export: ${line}\n`) };
}

interface Project {
  readonly root: string;
  readonly manifest: ProjectManifest;
  readonly read: (path: string) => string | undefined;
}

function openProject(dir: string, fail: Fail): Project | number {
  try {
    if (!statSync(dir).isDirectory()) return fail(`${dir} is not a directory`);
  } catch {
    return fail(`${dir}: no such directory`);
  }
  const read = (path: string): string | undefined => {
    if (!safeProjectPath(path)) return undefined;
    try {
      return readFileSync(join(dir, path), 'utf8');
    } catch {
      return undefined;
    }
  };
  const text = read(MANIFEST_PATH);
  if (text === undefined) return fail(`${dir} has no ${MANIFEST_PATH}: not a project the studio exported`);
  const m = parseManifest(text);
  if (!m.ok) return fail(`${dir}: ${m.message}`);
  return { root: dir, manifest: m.manifest, read };
}

function scaffoldOf(design: Design, fail: Fail): Scaffold | number {
  try {
    return scaffoldProject(design);
  } catch (e) {
    if (e instanceof ScaffoldError) return fail(`cannot export the design: ${e.message}`);
    throw e;
  }
}

/** Why the project is not a clean git work tree, or undefined when it is. */
function gitDirty(root: string): string | undefined {
  const r = spawnSync('git', ['status', '--porcelain', '--', '.'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return 'not a git work tree (the update could not be undone)';
  if (r.stdout.trim() !== '') return 'has uncommitted changes';
  return undefined;
}

/** `path` under root with no symbolic link on the way (so nothing is written outside the project). */
function writablePath(root: string, path: string): string | { error: string } {
  if (!safeProjectPath(path)) return { error: `refusing to write ${JSON.stringify(path)}` };
  let at = root;
  for (const segment of path.split('/')) {
    at = join(at, segment);
    try {
      if (lstatSync(at).isSymbolicLink()) return { error: `refusing to write through the symbolic link ${at}` };
    } catch {
      break; // does not exist yet: nothing below it can be a link
    }
  }
  return at;
}

interface Merged {
  readonly text: string;
  readonly conflicts: number;
}

/** `git merge-file` for every merge step, before anything is written; a message when git fails. */
function mergeAll(steps: readonly UpdateStep[], baseVersion: string): Map<string, Merged> | string {
  const out = new Map<string, Merged>();
  const merges = steps.filter((s) => s.action === 'merge');
  if (merges.length === 0) return out;
  const tmp = mkdtempSync(join(tmpdir(), 'opstudio-merge-'));
  try {
    for (const step of merges) {
      const [theirs, base, ours] = ['yours', 'base', 'studio'].map((n) => join(tmp, n));
      writeFileSync(theirs!, step.theirs);
      writeFileSync(base!, step.base);
      writeFileSync(ours!, step.ours);
      const r = spawnSync(
        'git',
        ['merge-file', '-p', '-L', 'yours', '-L', `exported (${baseVersion})`, '-L', 'studio', theirs!, base!, ours!],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      if (r.status === null || r.status < 0 || r.status > 127)
        return `git merge-file failed on ${step.path}: ${r.error?.message ?? r.stderr}`;
      out.set(step.path, { text: r.stdout, conflicts: r.status });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}
