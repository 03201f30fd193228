import { DesignsList } from '../../../../features/designs/DesignsList';

export default function DesignsPage() {
  return <DesignsList />;
}
