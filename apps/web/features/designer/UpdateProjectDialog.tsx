'use client';
// "Update project…" (issue 34, docs/design/0057): the user gives the `.opstudio/design.yaml` of a
// project exported earlier (a file or pasted text) and downloads the patch from that scaffold to
// this saved version's, for `git apply`. The controller builds it (designs.updatePatch); merging
// with hand edits stays the CLI's job (`opstudio export --update`), and the dialog says so.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import styles from './designer.module.css';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/x-diff' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

export function UpdateProjectDialog({ designId, version }: { designId: string; version: number }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [projectDesign, setProjectDesign] = useState('');
  const patch = useMutation(trpc.designs.updatePatch.mutationOptions());
  const result = patch.data;

  const make = () =>
    patch.mutate(
      { id: designId, version, projectDesign },
      { onSuccess: (r) => (r.files > 0 ? download(r.fileName, r.patch) : undefined) },
    );

  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Update project…
      </button>
      {open ? (
        <div role="dialog" aria-modal="true" aria-labelledby="update-project-h" className={styles.dialog}>
          <div className={styles.dialogBox}>
            <h2 id="update-project-h">Update an exported project to version {version}</h2>
            <p className={styles.hint}>
              Give the project’s <span className={styles.mono}>.opstudio/design.yaml</span> (the design it was exported
              from). You get a patch of everything the studio would write differently now.
            </p>
            <label>
              .opstudio/design.yaml{' '}
              <input
                type="file"
                accept=".yaml,.yml"
                onChange={(e) => void e.target.files?.[0]?.text().then(setProjectDesign)}
              />
            </label>
            <textarea
              aria-label="The project's .opstudio/design.yaml"
              rows={8}
              value={projectDesign}
              onChange={(e) => setProjectDesign(e.target.value)}
              placeholder="…or paste it here"
            />
            {patch.error !== null ? (
              <p role="alert" className={styles.issueText}>
                {patch.error.message}
              </p>
            ) : null}
            {result !== undefined ? (
              <div role="status">
                {result.files === 0 ? (
                  <p>The project already is what version {version} exports: nothing to update.</p>
                ) : (
                  <>
                    <p>
                      Downloaded <span className={styles.mono}>{result.fileName}</span> ({result.files} files). In the
                      project, a clean git tree:
                    </p>
                    <pre className={styles.mono}>git apply {result.fileName}</pre>
                    <p className={styles.hint}>
                      git refuses the patch where you edited a file the studio also changed. Then merge file by file
                      with the CLI, which keeps your edits and marks conflicts:
                    </p>
                    <pre className={styles.mono}>opstudio export &lt;design.yaml&gt; --update .</pre>
                  </>
                )}
              </div>
            ) : null}
            <div className={styles.dialogActions}>
              <button type="button" onClick={() => setOpen(false)}>
                Close
              </button>
              <button
                type="button"
                className={styles.primary}
                disabled={projectDesign.trim() === '' || patch.isPending}
                onClick={make}
              >
                {patch.isPending ? 'Making the patch…' : 'Download patch'}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
