/**
 * The export: a design as a kubebuilder v4.15 (go/v4 + deploy-image) Go operator project,
 * `scaffoldProject(design) → { files: path → text }`, and `exportZip` for the archive the CLI
 * writes and the web app downloads. Pure: no clock, no I/O; the same design gives the same bytes.
 */
export { scaffoldProject, type Scaffold } from './scaffold';
export { exportZip, type ExportZip } from './export-zip';
export { ScaffoldError, type ProjectFacts } from './facts';
export { generateDeepCopy } from './deepcopy';
