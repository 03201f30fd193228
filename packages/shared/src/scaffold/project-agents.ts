/**
 * What kubebuilder v4 users expect beside the code (issue 34, point 3, in part): `AGENTS.md`, the
 * guide kubebuilder scaffolds for coding agents, here saying which files the studio regenerates
 * (docs/design/0057), and the GitHub Actions workflow that runs `make test` on every push.
 * Written once: both are the user's after the first export.
 */
import type { ProjectFacts } from './facts';

export function agentsMd(f: ProjectFacts): string {
  return `# ${f.projectName}: notes for coding agents

A kubebuilder go/v4 operator for \`${f.kind}\` (\`${f.fullGroup}/${f.version.name}\`), exported from Operator Studio.

## Do not edit generated files
\`.opstudio/project.json\` lists the files the studio regenerates from its design (\`.opstudio/design.yaml\`):
\`api/\`, \`config/crd/bases/\`, \`config/rbac/role.yaml\`, \`internal/graph/\`, \`internal/celenv/\`, \`internal/handoff/\`,
\`internal/controller/\` (except \`${f.lowerKind}_hooks.go\` and \`suite_test.go\`) and the Helm chart's \`dist/chart/templates/\`. Change the design in the studio,
then \`opstudio export <design.yaml> --update .\`; \`opstudio export <design.yaml> --check .\` names any drift.

## Where code goes
- \`internal/controller/${f.lowerKind}_hooks.go\`: \`BeforeApply\` (each child before it is applied) and \`AfterStatus\`
  (after the status is written), called by the generated reconciler.
- \`cmd/main.go\`: manager options, extra runnables and flags.

## Commands
- \`make test\`: regenerates CRD, RBAC and deepcopy code, then \`go test\` with envtest (offline: set \`KUBEBUILDER_ASSETS\`).
- \`make lint\` (golangci-lint with \`.golangci.yml\`), \`make lint-fix\`.
- \`make build\`, \`make run\`, \`make docker-build IMG=…\`, \`make deploy IMG=…\` (kustomize) or
  \`make helm-deploy IMG=…\` (the chart in \`dist/chart\`; its settings in \`dist/chart/values.yaml\`).
- After changing Go types or RBAC markers by hand: \`make generate manifests\` (then expect \`--check\` to report it).
`;
}

export const TEST_WORKFLOW = `name: Tests

on:
  push:
  pull_request:

jobs:
  test:
    name: Run on Ubuntu
    runs-on: ubuntu-latest
    steps:
      - name: Clone the code
        uses: actions/checkout@v4

      - name: Setup Go
        uses: actions/setup-go@v5
        with:
          go-version-file: go.mod

      - name: Running Tests
        run: |
          go mod tidy
          make test
`;
