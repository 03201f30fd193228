/**
 * The export's go.mod and go.sum: kubebuilder v4.15's dependency set (controller-runtime
 * v0.24.1, ginkgo/gomega) with k8s.io/* at v0.36.3, k8s.io/apiserver's version in
 * packages/cel/go.mod (a graph design compiles the studio's CEL environment, internal/celenv, so
 * it must build against the same modules as the studio's WebAssembly), as a real `go mod tidy`
 * of an exported project writes it. The golden copies are testdata/go.mod.txt and
 * testdata/go.sum.txt; a unit test holds these strings to them, and an integration test fails
 * when `go mod tidy` would change them.
 */
import { GO_MOD_TXT, GO_SUM_TXT } from './go-deps.generated';

/** What internal/celenv imports directly, indirect (through controller-runtime's envtest) otherwise. */
const CEL_MODULES = ['github.com/google/cel-go v0.26.0', 'k8s.io/apiserver v0.36.3'];

/**
 * go.mod with the project's module path. Every export imports cel-go and k8s.io/apiserver
 * (internal/celenv: every design is a graph, docs/design/0016, 0046): they move from the
 * indirect block of the golden copy to the direct one, where `go mod tidy` puts them.
 */
export function goMod(module: string): string {
  const text = GO_MOD_TXT.replace(/^module .*$/m, `module ${module}`);
  const open = text.indexOf('require (\n') + 'require (\n'.length;
  const close = text.indexOf(')', open);
  const direct = [
    ...text
      .slice(open, close)
      .split('\n')
      .filter((l) => l !== ''),
    ...CEL_MODULES.map((m) => `\t${m}`),
  ].sort();
  let rest = text.slice(close);
  for (const m of CEL_MODULES) rest = rest.replace(`\t${m} // indirect\n`, '');
  return `${text.slice(0, open)}${direct.join('\n')}\n${rest}`;
}

export const GO_SUM = GO_SUM_TXT;
