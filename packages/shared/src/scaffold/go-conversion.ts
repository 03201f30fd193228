/**
 * kubebuilder's hub/spoke conversion in the export, from the design's conversion rules
 * (docs/design/0053): `Hub()` on the storage version's type, `ConvertTo`/`ConvertFrom` on every
 * other version's, both calling the static runtime in internal/convert (go-convert-runtime.ts)
 * with the rules as data; the webhook's setup as `kubebuilder create webhook --conversion` writes
 * it; and the tests: the studio's own conversions of generated objects as testdata (computed here,
 * with the studio's converter, so drift between the two is caught by `go test`) and a round trip
 * of generated objects through the API types. Only versions, the kind and the module path reach
 * Go source (each checked); rules, CEL and schemas are JSON.
 */
import { CEL_PENDING } from '../cel/engine';
import { convert, conversionPlan, type ConversionPlan } from '../conversion/convert';
import { generateObject, seededRng } from '../conversion/generate';
import type { ConversionRule } from '../conversion/model';
import { pruneToSchema } from '../conversion/prune';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { goPackageName } from '../gotypes/generate';
import { goString } from '../gotypes/go-text';
import { ScaffoldError } from './errors';
import type { ProjectFacts } from './facts';
import { convertTestGo, convertTypedTestGo } from './go-convert-tests';
import { CONVERT_PATHS_GO } from './go-convert-paths';
import { convertRuntimeGo } from './go-convert-runtime';

/** Generated objects per version whose studio conversion the export's test compares with Go's. */
const TABLE_OBJECTS = 40;

/** The design converts between versions: a conversion section with rules (else strategy None). */
export function hasConversion(f: ProjectFacts): boolean {
  return f.versions.length > 1 && (f.design.conversion?.spokes ?? []).some((s) => s.rules.length > 0);
}

const json = (v: unknown): string =>
  `${JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x), 2)}\n`;

/** What pruning and the Go test's generator read of a schema, in internal/convert's Schema shape. */
function goSchema(s: JSONSchemaProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (s.type !== undefined) out.type = s.type;
  if (s.properties !== undefined)
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, goSchema(p)]));
  if (s.required !== undefined && s.required.length > 0) out.required = s.required;
  if (s.items !== undefined && !Array.isArray(s.items)) out.items = goSchema(s.items);
  if (typeof s.additionalProperties === 'object') out.additionalProperties = goSchema(s.additionalProperties);
  if (s.additionalProperties === true) out.anyAdditionalProperties = true;
  if (s['x-kubernetes-preserve-unknown-fields'] === true) out.preserveUnknownFields = true;
  if (s['x-kubernetes-embedded-resource'] === true) out.embeddedResource = true;
  if (s['x-kubernetes-int-or-string'] === true) out.intOrString = true;
  for (const k of ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const)
    if (s[k] !== undefined) out[k] = s[k];
  return out;
}

function goRule(r: ConversionRule): Record<string, unknown> {
  const computed = (m: Record<string, string> | undefined) =>
    m === undefined ? undefined : Object.entries(m).map(([field, cel]) => ({ field, cel }));
  return {
    from: r.from,
    to: r.to,
    toHub: computed(r.toHub),
    toSpoke: computed(r.toSpoke),
    add: r.add,
    default: r.default,
    drop: r.drop,
    keep: r.keep === 'annotation' ? true : undefined,
  };
}

/** internal/convert/rules.json: the plan the Go converter runs. */
export function conversionRulesJson(plan: ConversionPlan): string {
  return json({
    group: plan.group,
    hub: plan.hub,
    spokes: Object.fromEntries([...plan.spokes].map(([v, rules]) => [v, rules.map(goRule)])),
    schemas: Object.fromEntries([...plan.schemas].map(([v, s]) => [v, s === undefined ? null : goSchema(s)])),
  });
}

interface Case {
  from: string;
  to: string;
  input: Record<string, JSONValue>;
  output?: Record<string, JSONValue>;
  error?: string;
}

/** internal/convert/testdata/cases.json: the studio's conversions of generated objects, each way. */
export function conversionCasesJson(plan: ConversionPlan, kind: string): string {
  const rng = seededRng(1);
  const cases: Case[] = [];
  for (const [spoke] of plan.spokes)
    for (const [from, to] of [
      [spoke, plan.hub],
      [plan.hub, spoke],
    ] as const) {
      const schema = plan.schemas.get(from);
      for (let i = 0; schema !== undefined && i < TABLE_OBJECTS; i++) {
        const head = { apiVersion: `${plan.group}/${from}`, kind, name: `generated-${from}-${i}` };
        const input = pruneToSchema(generateObject(schema, rng, head), schema, true) as Record<string, JSONValue>;
        const r = convert(plan, input, from, to);
        if (!r.ok && r.message === CEL_PENDING)
          throw new ScaffoldError(
            'the CEL engine is not loaded: the export computes the conversion test table with it',
          );
        cases.push(r.ok ? { from, to, input, output: r.object } : { from, to, input, error: r.message });
      }
    }
  return json(cases);
}

/** Every file the conversion adds: the api packages' hub/spoke methods, internal/convert, the webhook's setup. */
export function conversionGoFiles(f: ProjectFacts, header: string): [string, string][] {
  const plan = conversionPlan(f.design);
  const hubAlias = f.alias(plan.hub);
  const hubImport = `${hubAlias} ${goString(`${f.module}/api/${plan.hub}`)}`;
  const out: [string, string][] = [];
  out.push([
    `api/${plan.hub}/${f.lowerKind}_conversion.go`,
    `${header}

package ${goPackageName(plan.hub)}

// Hub marks this version, the storage version, as the conversion hub: every other version
// converts to and from it (ConvertTo/ConvertFrom, with the design's rules in internal/convert).
func (*${f.kind}) Hub() {}
`,
  ]);
  for (const [spoke] of plan.spokes) {
    const v = goString(spoke);
    const hub = goString(plan.hub);
    out.push([
      `api/${spoke}/${f.lowerKind}_conversion.go`,
      `${header}

package ${goPackageName(spoke)}

import (
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/conversion"

	${hubImport}
	${goString(`${f.module}/internal/convert`)}
)

// ConvertTo converts this ${f.kind} to the hub version with the design's conversion rules.
func (src *${f.kind}) ConvertTo(dstRaw conversion.Hub) error {
	dst, ok := dstRaw.(*${hubAlias}.${f.kind})
	if !ok {
		return fmt.Errorf("a ${f.kind} converts to *${hubAlias}.${f.kind}, not %T", dstRaw)
	}
	return convert.Objects(src, dst, ${v}, ${hub})
}

// ConvertFrom converts the hub version to this ${f.kind} with the design's conversion rules.
func (dst *${f.kind}) ConvertFrom(srcRaw conversion.Hub) error {
	src, ok := srcRaw.(*${hubAlias}.${f.kind})
	if !ok {
		return fmt.Errorf("a ${f.kind} converts from *${hubAlias}.${f.kind}, not %T", srcRaw)
	}
	return convert.Objects(src, dst, ${hub}, ${v})
}
`,
    ]);
  }
  out.push(['internal/convert/rules.json', conversionRulesJson(plan)]);
  out.push(['internal/convert/convert.go', `${header}\n\n${convertRuntimeGo(f.module)}`]);
  out.push(['internal/convert/paths.go', `${header}\n\n${CONVERT_PATHS_GO}`]);
  out.push(['internal/convert/testdata/cases.json', conversionCasesJson(plan, f.kind)]);
  out.push(['internal/convert/convert_test.go', `${header}\n\n${convertTestGo(f.module)}`]);
  out.push(['internal/convert/typed_test.go', `${header}\n\n${convertTypedTestGo(f, plan)}`]);
  out.push([
    `internal/webhook/${plan.hub}/${f.lowerKind}_webhook.go`,
    `${header}

package ${goPackageName(plan.hub)}

import (
	ctrl "sigs.k8s.io/controller-runtime"

	${hubImport}
)

// Setup${f.kind}WebhookWithManager registers the conversion webhook for ${f.kind} with the manager:
// the API server's ConversionReviews at /convert, answered by the hub's and the spokes' methods.
func Setup${f.kind}WebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &${hubAlias}.${f.kind}{}).Complete()
}
`,
  ]);
  return out;
}

/** The webhook import and setup cmd/main.go adds, as kubebuilder's scaffold writes them. */
export function conversionMainGo(f: ProjectFacts): { imports: string; setup: string } {
  const hub = conversionPlan(f.design).hub;
  const alias = `webhook${goPackageName(hub)}`;
  return {
    imports: `\t${alias} ${goString(`${f.module}/internal/webhook/${hub}`)}\n`,
    setup: `	// nolint:goconst
	if os.Getenv("ENABLE_WEBHOOKS") != "false" {
		if err := ${alias}.Setup${f.kind}WebhookWithManager(mgr); err != nil {
			setupLog.Error(err, "Failed to create webhook", "webhook", ${goString(f.kind)})
			os.Exit(1)
		}
	}
`,
  };
}

/** The exported README's section on the conversion webhook. */
export function conversionReadme(f: ProjectFacts): string {
  const plan = conversionPlan(f.design);
  const spokes = [...plan.spokes.keys()].map((v) => `\`${v}\``).join(', ');
  return `
### Versions and the conversion webhook
\`${plan.hub}\` is the storage version (the hub, \`api/${plan.hub}/${f.lowerKind}_conversion.go\`); the other versions (${spokes}) convert to and from it with
the design's rules (\`internal/convert/rules.json\`, run by \`internal/convert\` with the studio's CEL), as Operator Studio's own
webhook converts them. The manager serves the CRD's conversion webhook on :9443; \`make deploy\` installs it with a
cert-manager certificate (cert-manager must be in the cluster). To run the manager outside the cluster without
certificates, set \`ENABLE_WEBHOOKS=false\` (reads at a version other than the storage version then fail).
\`go test ./internal/convert/\` checks the Go conversions against the studio's and round-trips generated objects.
`;
}
