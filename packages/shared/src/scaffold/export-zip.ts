/** A design's scaffold as a zip whose entries sit under `<projectName>/`. */
import type { Design } from '../design/schema';
import { zipFiles } from '../zip/zip';
import { scaffoldProject, type Scaffold } from './scaffold';

export interface ExportZip {
  readonly bytes: Uint8Array;
  /** `memcached-operator.zip`: the project name, which the design model restricts to a DNS label. */
  readonly fileName: string;
  readonly scaffold: Scaffold;
}

export function exportZip(design: Design): ExportZip {
  const scaffold = scaffoldProject(design);
  const name = scaffold.facts.projectName;
  return { bytes: zipFiles(scaffold.files, `${name}/`), fileName: `${name}.zip`, scaffold };
}
