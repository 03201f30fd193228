import { NewDesign } from '../../../../../features/designs/NewDesign';
import { loadTemplates } from '../../../../../features/designs/templates';

// The templates are the repository's examples, read when the page renders (per request: it lives
// under /c/<cluster>/; the image carries them, see next.config.ts).
export default async function NewDesignPage() {
  return <NewDesign templates={await loadTemplates()} />;
}
