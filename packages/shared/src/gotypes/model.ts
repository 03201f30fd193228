/**
 * The Go declarations a design becomes, before they are printed: structs and named types with
 * their doc comments and markers, plus what the Go types cannot say (`notExpressible`).
 */

export interface NotExpressible {
  /** Where in the design: `crd.versions[0].schema.spec.ratio.exclusiveMaximum`. */
  path: string;
  reason: string;
}

export interface GoField {
  goName: string;
  /** Go type expression, e.g. `*int32`, `[]metav1.Condition`, `WidgetSpec`. */
  goType: string;
  /** The json struct tag value, e.g. `size,omitempty`. */
  jsonTag: string;
  /** Comment lines (`// …`), description first, then markers. */
  comment: string[];
}

export type GoDecl =
  | { kind: 'struct'; name: string; comment: string[]; fields: GoField[] }
  | { kind: 'named'; name: string; comment: string[]; underlying: string };

/** How Go code reaches a design field from the Kind: `Spec.Size` of type `*int32`. */
export interface GoFieldRef {
  expr: string;
  goType: string;
}

/** Go import paths and the names the generated code uses for them. */
export const GO_IMPORTS = {
  metav1: 'k8s.io/apimachinery/pkg/apis/meta/v1',
  resource: 'k8s.io/apimachinery/pkg/api/resource',
  intstr: 'k8s.io/apimachinery/pkg/util/intstr',
  runtime: 'k8s.io/apimachinery/pkg/runtime',
} as const;
export type GoImport = keyof typeof GO_IMPORTS;

/** Collects declarations, imports and problems for one API version's package. */
export class PackageBuilder {
  readonly decls: GoDecl[] = [];
  readonly imports = new Set<GoImport>(['metav1']);
  readonly notExpressible: NotExpressible[] = [];
  /** Float fields need `crd:allowDangerousTypes=true` on controller-gen's command line. */
  usesFloats = false;
  /** JSON path (`spec.size`) → Go access, for fields outside lists and maps. */
  readonly fields = new Map<string, GoFieldRef>();
  private readonly names = new Set<string>();

  /** @param kind the API kind; nested type names start with it (`WidgetPort`). */
  constructor(
    readonly kind: string,
    reserved: readonly string[],
  ) {
    for (const n of reserved) this.names.add(n);
  }

  problem(path: string, reason: string): void {
    this.notExpressible.push({ path, reason });
  }

  /** A fresh type name: the first free candidate, else the last one with a number. */
  allocate(...candidates: string[]): string {
    for (const c of candidates) {
      if (!this.names.has(c)) {
        this.names.add(c);
        return c;
      }
    }
    const base = candidates[candidates.length - 1] ?? 'Type';
    for (let i = 2; ; i++) {
      if (!this.names.has(`${base}${i}`)) {
        this.names.add(`${base}${i}`);
        return `${base}${i}`;
      }
    }
  }
}

/** Go's string order (UTF-8 bytes), which is code point order; JS `<` compares UTF-16 units. */
export function goStringCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
