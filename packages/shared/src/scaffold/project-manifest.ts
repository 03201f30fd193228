/**
 * Who owns each file of an exported project, and the record the project keeps of where it came
 * from (docs/design/0057). The studio owns the files it regenerates whole from the design: the
 * design data and the graph runtime, the API types and their deepcopy code, the CRD, the
 * manager's role, the generated reconciler and its tests. Everything else (cmd/main.go, the hook
 * file per kind, the Makefile, the kustomize overlays, the README, go.mod) is written once and is
 * the user's: `opstudio export --update` merges the studio's changes into it, `--check` ignores it.
 *
 * `.opstudio/project.json` records the design's name and version (a content hash of the design
 * YAML beside it in `.opstudio/design.yaml`, from which the base of a three-way update is
 * regenerated), the studio version and the generated paths. Pure: no I/O.
 */
import { z } from 'zod';

/** Bumped with the studio's release (the root package.json's version). */
export const STUDIO_VERSION = '0.1.0';

export const MANIFEST_PATH = '.opstudio/project.json';
export const DESIGN_COPY_PATH = '.opstudio/design.yaml';

/** Files the studio regenerates whole: a pattern is a path prefix (ending in /) or a whole path. */
const GENERATED_PREFIXES = [
  '.opstudio/',
  'api/',
  'config/crd/bases/',
  'internal/graph/',
  'internal/celenv/',
  'internal/handoff/',
  'internal/convert/',
  'internal/controller/',
  // the Helm chart's templates come from the CRD and the roles; Chart.yaml and values.yaml are the user's
  'dist/chart/templates/',
] as const;
const GENERATED_PATHS = new Set(['config/rbac/role.yaml']);

/** Written once, then the user's, even under a generated folder: the hooks and the envtest suite. */
const USER_OWNED_IN_GENERATED = [
  /^internal\/controller\/[a-z0-9]+_hooks\.go$/,
  /^internal\/controller\/suite_test\.go$/,
];

/** Whether the studio owns `path` whole (regenerated on update, compared by --check). */
export function isGenerated(path: string): boolean {
  if (USER_OWNED_IN_GENERATED.some((re) => re.test(path))) return false;
  return GENERATED_PATHS.has(path) || GENERATED_PREFIXES.some((p) => path.startsWith(p));
}

export const PROJECT_MANIFEST = z.object({
  /** The format of this file. */
  manifest: z.literal(1),
  design: z.object({
    /** `<projectName>/<Kind>`: the design the project was exported from. */
    name: z.string().min(1),
    /** `fnv1a64:<16 hex>` of `.opstudio/design.yaml`. */
    version: z.string().regex(/^fnv1a64:[0-9a-f]{16}$/),
  }),
  studio: z.object({ version: z.string().min(1) }),
  /** The files the studio owns whole, sorted. */
  generated: z.array(z.string().min(1)),
});
export type ProjectManifest = z.infer<typeof PROJECT_MANIFEST>;

/** FNV-1a 64-bit of the UTF-8 bytes: a content version, not a security hash. */
export function designVersion(designYaml: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(designYaml)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `fnv1a64:${h.toString(16).padStart(16, '0')}`;
}

/** The manifest of a project whose files are `paths` (the manifest itself included). */
export function projectManifest(
  name: string,
  designYaml: string,
  paths: Iterable<string>,
  studioVersion = STUDIO_VERSION,
): string {
  const generated = [...new Set([...paths, MANIFEST_PATH])].filter(isGenerated).sort();
  const m: ProjectManifest = {
    manifest: 1,
    design: { name, version: designVersion(designYaml) },
    studio: { version: studioVersion },
    generated,
  };
  return `${JSON.stringify(m, null, 2)}\n`;
}

export type ManifestResult = { ok: true; manifest: ProjectManifest } | { ok: false; message: string };

/** Reads `.opstudio/project.json`; every generated path must be one a scaffold could write. */
export function parseManifest(text: string): ManifestResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${MANIFEST_PATH} is not JSON: ${(e as Error).message}` };
  }
  const r = PROJECT_MANIFEST.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, message: `${MANIFEST_PATH}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  const bad = r.data.generated.find((p) => !safeProjectPath(p) || !isGenerated(p));
  if (bad !== undefined)
    return { ok: false, message: `${MANIFEST_PATH}: generated: ${JSON.stringify(bad)} is not a generated path` };
  return { ok: true, manifest: r.data };
}

const SEGMENT = /^[._]?[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A relative path of safe segments (no `..`, no absolute path, no empty segment). */
export function safeProjectPath(path: string): boolean {
  return path.split('/').every((s) => SEGMENT.test(s) && !s.includes('..'));
}

/** The exported README's account of the rule above. */
export function ownershipReadme(lowerKind: string): string {
  return `
## Your code and the studio's
Operator Studio owns the files it generates from the design and regenerates them whole: \`api/\` (the types and \`zz_generated.deepcopy.go\`), \`config/crd/bases/\`, \`config/rbac/role.yaml\`, \`internal/graph/\` (the design as data and its planner), \`internal/celenv/\`, \`internal/handoff/\`, \`internal/controller/\` (the reconciler and its tests) and \`dist/chart/templates/\` (the Helm chart's templates, cut from the CRD and the roles). \`.opstudio/project.json\` lists them, with the design version they come from (\`.opstudio/design.yaml\`).
Everything else is yours once written: \`cmd/main.go\`, the Makefile, \`config/\` overlays, the chart's \`Chart.yaml\` and \`values.yaml\`, \`.golangci.yml\`, this README, go.mod, the envtest suite, and \`internal/controller/${lowerKind}_hooks.go\`, whose \`BeforeApply\` and \`AfterStatus\` the generated reconciler calls: put your own Go there.

After a change to the design:
\`\`\`sh
opstudio export <design.yaml> --update .   # a three-way merge (git merge-file) into this clean git tree; conflicts are left as markers and listed
opstudio export <design.yaml> --check .    # in CI: exit 1 naming each generated file that differs from the design
\`\`\`
`;
}
