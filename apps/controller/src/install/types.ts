// What an install or uninstall reports while it runs: the steps so far, published whole on the
// live topic `install:<operationId>` after every step and returned by the mutation at the end.
export const INSTALL_STEPS = [
  'dry-run',
  'identity',
  'applied',
  'NamesAccepted',
  'Established',
  'deleting-resources',
  'resources-deleted',
  'deleting',
  'deleted',
  'failed',
] as const;
export type InstallStepName = (typeof INSTALL_STEPS)[number];

export interface InstallStep {
  readonly step: InstallStepName;
  /** ISO time. */
  readonly at: string;
  readonly message: string;
}

export interface InstallOperation {
  readonly id: string;
  readonly action: 'install' | 'uninstall';
  readonly designId: string;
  readonly designVersion: number | null;
  readonly crdName: string | null;
  readonly state: 'running' | 'succeeded' | 'failed';
  readonly steps: readonly InstallStep[];
}
