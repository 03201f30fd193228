/**
 * design → every file of the exported kubebuilder project, as a path-sorted map. Pure and
 * deterministic (no clock, no randomness): the CLI and the web download zip the same bytes.
 */
import { DEFAULT_BOILERPLATE } from '../gotypes/generate';
import { goPackageName } from '../gotypes/generate';
import { GoTextError } from '../gotypes/go-text';
import type { NotExpressible } from '../gotypes/model';
import type { Design } from '../design/schema';
import { configFiles, samplePath } from './config-files';
import { generateDeepCopy } from './deepcopy';
import { projectFacts, safeSegment, ScaffoldError, type ProjectFacts } from './facts';
import { goMod, GO_SUM } from './go-deps';
import { CELENV_GO_FILES } from './celenv-go.generated';
import { mainGo } from './go-main';
import { handOffGo } from './go-handoff';
import { suiteTestGo } from './go-tests';
import { handOffTestGo } from './go-handoff-test';
import { graphControllerGo } from './go-graph-controller';
import { graphDataJson } from './go-graph-data';
import { graphEvalGo } from './go-graph-eval';
import { GRAPH_EVAL_TEST_GO } from './go-graph-eval-test';
import { graphLoadGo } from './go-graph-load';
import { GRAPH_CONDITIONS_GO, GRAPH_NAMES_GO } from './go-graph-names';
import { GRAPH_KINDS_TEST_GO, graphKindsGo } from './go-graph-kinds';
import { GRAPH_CUSTOM_CONDITIONS_GO } from './go-graph-custom-conditions';
import { GRAPH_EXTERNALS_GO } from './go-graph-externals';
import { GRAPH_EXTERNALS_TEST_GO } from './go-graph-externals-test';
import { GRAPH_PLAN_GO } from './go-graph-plan';
import { GRAPH_COLLECTION_GO } from './go-graph-collection';
import { GRAPH_COLLECTION_TEST_GO } from './go-graph-collection-test';
import { GRAPH_PLACE_GO, GRAPH_PLACE_TEST_GO } from './go-graph-place';
import { GRAPH_RENDER_GO } from './go-graph-render';
import { graphControllerTestGo } from './go-graph-tests';
import { GRAPH_POD_WAITS_TEST_GO, graphPodWaitsGo, podWaitCasesJson } from './go-graph-pod-waits';
import { waitsOnPods } from '../graph/pod-waits';
import { VALIDATION_CASES_TEST_GO, validationCasesJson } from './go-validation-cases';
import { renderCasesJson, renderCasesTestGo } from './go-render-cases';
import { operandGraph } from '../graph/deploy-image-profile';
import { conversionGoFiles, hasConversion } from './go-conversion';
import { withConversionConfig } from './go-conversion-config';
import { hooksGo, hooksPath } from './go-hooks';
import { helmChartFiles } from './helm-chart';
import { agentsMd, TEST_WORKFLOW } from './project-agents';
import { GOLANGCI_YML, LINT_WORKFLOW } from './project-lint';
import { DESIGN_COPY_PATH, MANIFEST_PATH, projectManifest } from './project-manifest';
import { serializeDesign } from '../design/io';
import { DOCKERFILE, DOCKERIGNORE, GITIGNORE, projectFile, readme } from './project-files';
import { makefile } from './project-makefile';

export interface Scaffold {
  /** Path → file content, sorted by path (byte order). */
  readonly files: ReadonlyMap<string, string>;
  /** What the design says that the Go types cannot (the CRD in the export leaves it out). */
  readonly notExpressible: readonly NotExpressible[];
  readonly facts: ProjectFacts;
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The project's files; throws ScaffoldError (with the design path) for a design that fails validation. */
export function scaffoldProject(design: Design): Scaffold {
  try {
    return build(projectFacts(design));
  } catch (err) {
    // validation keeps such text out; the renderers refusing it is the second line of defence
    if (err instanceof GoTextError) throw new ScaffoldError(err.message);
    throw err;
  }
}

function build(f: ProjectFacts): Scaffold {
  const header = DEFAULT_BOILERPLATE;
  const files = new Map<string, string>();
  const add = (path: string, text: string): void => {
    for (const segment of path.split('/')) safeSegment(segment, 'path segment');
    if (files.has(path)) throw new ScaffoldError(`two files would be written to ${path}: rename the kind or a version`);
    files.set(path, text);
  };

  for (const [path, text] of f.goTypes.files) add(path, text);
  for (const v of f.versions) {
    const dir = `api/${v.name}/`;
    const sources = [...f.goTypes.files]
      .filter(([p]) => p.startsWith(dir) && p.endsWith('_types.go'))
      .map(([, s]) => s);
    add(`${dir}zz_generated.deepcopy.go`, generateDeepCopy(sources, { packageName: goPackageName(v.name), header }));
  }
  add('cmd/main.go', mainGo(f, header));
  add('internal/handoff/handoff.go', handOffGo(f, header));
  add('internal/handoff/handoff_test.go', handOffTestGo(header));
  // every design is a graph: its resources, or the image form as a one-Deployment graph with the
  // deploy-image profile (docs/design/0046), planned by the same Go planner
  const graph = operandGraph(f.design);
  add(`internal/controller/${f.lowerKind}_controller.go`, graphControllerGo(f, graph, header));
  add(hooksPath(f), hooksGo(f, header));
  add('internal/controller/suite_test.go', suiteTestGo(f, header));
  add(`internal/controller/${f.lowerKind}_controller_test.go`, graphControllerTestGo(f, graph, header, samplePath(f)));
  if ((f.design.tests?.validation ?? []).length > 0) {
    // the design's validation cases, run in envtest's API server (docs/design/0052)
    add('internal/controller/testdata/validation_cases.json', validationCasesJson(f.design));
    add('internal/controller/validation_cases_test.go', `${header}\n\n${VALIDATION_CASES_TEST_GO}`);
  }
  if ((f.design.tests?.render ?? []).length > 0) {
    // the design's render cases, run by the exported planner (docs/design/0052)
    add('internal/controller/testdata/render_cases.json', renderCasesJson(f.design));
    add('internal/controller/render_cases_test.go', renderCasesTestGo(f, graph, header));
  }
  {
    // the planner in Go, and the graph it plans as data (docs/design/0016)
    add('internal/graph/design.json', graphDataJson(graph));
    const sources: [string, string][] = [
      ['graph.go', graphLoadGo(f.module)],
      ['eval.go', graphEvalGo(f.module)],
      ['render.go', GRAPH_RENDER_GO],
      ['plan.go', GRAPH_PLAN_GO],
      ['collection.go', GRAPH_COLLECTION_GO],
      ['collection_test.go', GRAPH_COLLECTION_TEST_GO],
      ['names.go', GRAPH_NAMES_GO],
      ['conditions.go', GRAPH_CONDITIONS_GO],
      ['externals.go', GRAPH_EXTERNALS_GO],
      ['custom_conditions.go', GRAPH_CUSTOM_CONDITIONS_GO],
      ['externals_test.go', GRAPH_EXTERNALS_TEST_GO],
      ['kinds.go', graphKindsGo()],
      ['kinds_test.go', GRAPH_KINDS_TEST_GO],
      ['place.go', GRAPH_PLACE_GO],
      ['place_test.go', GRAPH_PLACE_TEST_GO],
      ['eval_test.go', GRAPH_EVAL_TEST_GO],
    ];
    // why a workload child's pods wait, and the studio's own cases for it (go-graph-pod-waits.ts)
    if (waitsOnPods(graph)) {
      sources.push(['pod_waits.go', graphPodWaitsGo()], ['pod_waits_test.go', GRAPH_POD_WAITS_TEST_GO]);
      add('internal/graph/testdata/pod_waits.json', podWaitCasesJson());
    }
    for (const [name, text] of sources) add(`internal/graph/${name}`, `${header}\n\n${text}`);
    // the studio's own CEL environment, byte for byte as packages/cel/celenv has it (so no header)
    for (const [name, text] of Object.entries(CELENV_GO_FILES)) add(`internal/celenv/${name}`, text);
  }
  // kubebuilder's hub/spoke conversion from the design's rules, and its webhook (docs/design/0053)
  const conversion = hasConversion(f);
  if (conversion) for (const [path, text] of conversionGoFiles(f, header)) add(path, text);
  const config = conversion ? withConversionConfig(f, configFiles(f)) : configFiles(f);
  for (const [path, text] of config) add(path, text);
  // kubebuilder's helm/v2-alpha chart, cut from the kustomize texts above
  for (const [path, text] of helmChartFiles(f, new Map(config), conversion)) add(path, text);
  add('hack/boilerplate.go.txt', `${header}\n`);
  add('go.mod', goMod(f.module));
  add('go.sum', GO_SUM);
  add('PROJECT', projectFile(f));
  add('Makefile', makefile(f));
  add('Dockerfile', DOCKERFILE);
  add('.dockerignore', DOCKERIGNORE);
  add('.gitignore', GITIGNORE);
  const notes = f.goTypes.notExpressible.map((n) => `\`${n.path}\`: ${n.reason}`);
  add('README.md', readme(f, notes));
  add('AGENTS.md', agentsMd(f));
  add('.github/workflows/test.yml', TEST_WORKFLOW);
  add('.github/workflows/lint.yml', LINT_WORKFLOW);
  add('.golangci.yml', GOLANGCI_YML);
  // where the project came from, for `opstudio export --check/--update` (docs/design/0057)
  const designYaml = serializeDesign(f.design);
  add(DESIGN_COPY_PATH, designYaml);
  add(MANIFEST_PATH, projectManifest(`${f.projectName}/${f.kind}`, designYaml, [...files.keys(), MANIFEST_PATH]));

  const sorted = new Map([...files.entries()].sort(([a], [b]) => byteOrder(a, b)));
  return { files: sorted, notExpressible: f.goTypes.notExpressible, facts: f };
}
