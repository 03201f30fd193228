import { NotFound } from '../features/shell/NotFound';

export default function NotFoundPage() {
  return <NotFound />;
}
