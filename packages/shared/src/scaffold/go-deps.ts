/**
 * The export's go.mod and go.sum: kubebuilder v4.15's dependency set (controller-runtime
 * v0.24.1, k8s.io/* v0.36.0, ginkgo/gomega) as a real `go mod tidy` of an exported project
 * writes it. The golden copies are testdata/go.mod.txt and testdata/go.sum.txt; a unit test
 * holds these strings to them, and an integration test fails when `go mod tidy` would change them.
 */
import { GO_MOD_TXT, GO_SUM_TXT } from './go-deps.generated';

const CEL_GO = 'github.com/google/cel-go v0.26.0';

/**
 * go.mod with the project's module path. A graph design imports cel-go (docs/design/0016): it
 * moves from the indirect block to the direct one, where `go mod tidy` puts it; go.sum already
 * holds it (k8s.io/apiserver needs it).
 */
export function goMod(module: string, opts: { cel?: boolean } = {}): string {
  const text = GO_MOD_TXT.replace(/^module .*$/m, `module ${module}`);
  if (opts.cel !== true) return text;
  const open = text.indexOf('require (\n') + 'require (\n'.length;
  const close = text.indexOf(')', open);
  const direct = [
    ...text
      .slice(open, close)
      .split('\n')
      .filter((l) => l !== ''),
    `\t${CEL_GO}`,
  ].sort();
  const rest = text.slice(close).replace(`\t${CEL_GO} // indirect\n`, '');
  return `${text.slice(0, open)}${direct.join('\n')}\n${rest}`;
}

export const GO_SUM = GO_SUM_TXT;
