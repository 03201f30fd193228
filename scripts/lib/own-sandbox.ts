/**
 * A sandbox profile a run needs for itself (`npm test`: test, `npm run bench`: bench): brought up
 * if it is not running, and stopped at the end only if this run started it, so a cluster the
 * person already had running is left as it was.
 */
import * as sandbox from '@opstudio/sandbox';

export class OwnSandbox {
  private startedHere = false;

  constructor(
    private readonly profile: 'test' | 'bench',
    private readonly log: (line: string) => void,
  ) {}

  /** Builds the binaries if missing, starts the cluster if needed; its kubeconfig. */
  async up(): Promise<string> {
    await sandbox.ensureBinaries({ onProgress: this.log });
    this.startedHere = !(await sandbox.status({ profile: this.profile })).running;
    return (await sandbox.up({ profile: this.profile, onProgress: this.log })).kubeconfigPath;
  }

  async downIfStartedHere(): Promise<void> {
    if (this.startedHere) await sandbox.down({ profile: this.profile });
  }
}
