import { UsersAdmin } from '../../../features/admin';

export const metadata = { title: 'Users · Operator Studio' };

export default function UsersPage() {
  return <UsersAdmin />;
}
