import { NewDesign } from '../../../features/designs/NewDesign';
import { loadTemplates } from '../../../features/designs/templates';

// The templates are the repository's examples, read at build time (the page is static).
export default async function NewDesignPage() {
  return <NewDesign templates={await loadTemplates()} />;
}
