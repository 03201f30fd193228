// Where "Export zip" downloads from: the controller's export (issue 6), reached through the web
// app's /api/export proxy route. Unsaved edits are not in it: the designer names the saved version.
export const exportUrl = (designId: string, version: number): string =>
  `/api/export/${encodeURIComponent(designId)}.zip?version=${version}`;
