/**
 * `internal/controller/<kind>_hooks.go`: the place for a person's own Go beside the generated
 * reconciler (docs/design/0057). The studio writes it once, empty; the generated reconciler calls
 * its functions at fixed points, so code written here survives every `opstudio export --update`
 * while the reconciler itself is regenerated whole from the design. Empty hooks change nothing:
 * the export behaves as the embedded controller does (graph-parity).
 */
import { goString } from '../gotypes/go-text';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';

export const hooksPath = (f: ProjectFacts): string => `internal/controller/${f.lowerKind}_hooks.go`;

export function hooksGo(f: ProjectFacts, header: string): string {
  const { recv, reconciler } = goNames(f);
  const pkg = f.alias(f.version.name);
  const K = f.kind;
  return `${header}

package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	${pkg} ${goString(`${f.module}/api/${f.version.name}`)}
)

// This file is yours. Operator Studio wrote it once and never regenerates it: \`opstudio export
// --update\` merges the studio's changes into your project and leaves your code here as it is.
// The reconciler in ${f.lowerKind}_controller.go is generated from the design and calls these hooks.

// BeforeApply is called with each child the plan wants (id is its id in the design), just before
// it is server-side applied. Change obj to add what the design does not say (a label, an
// annotation, a sidecar). An error leaves this child unapplied, is reported in the Degraded
// condition and retries the reconcile with backoff.
func (r *${reconciler}) BeforeApply(ctx context.Context, ${recv} *${pkg}.${K}, id string, obj *unstructured.Unstructured) error {
	return nil
}

// AfterStatus is called at the end of every reconcile that got as far as writing the status
// (a metric, a log line, a call to another system). An error retries the reconcile with backoff.
func (r *${reconciler}) AfterStatus(ctx context.Context, ${recv} *${pkg}.${K}) error {
	return nil
}
`;
}
