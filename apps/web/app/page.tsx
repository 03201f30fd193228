import { ClusterHome } from '../features/cluster/ClusterHome';

export default function HomePage() {
  return <ClusterHome />;
}
