/**
 * The export's go.mod and go.sum: kubebuilder v4.15's dependency set (controller-runtime
 * v0.24.1, k8s.io/* v0.36.0, ginkgo/gomega) as a real `go mod tidy` of an exported project
 * writes it. The golden copies are testdata/go.mod.txt and testdata/go.sum.txt; a unit test
 * holds these strings to them, and an integration test fails when `go mod tidy` would change them.
 */
import { GO_MOD_TXT, GO_SUM_TXT } from './go-deps.generated';

/** go.mod with the project's module path. */
export function goMod(module: string): string {
  return GO_MOD_TXT.replace(/^module .*$/m, `module ${module}`);
}

export const GO_SUM = GO_SUM_TXT;
