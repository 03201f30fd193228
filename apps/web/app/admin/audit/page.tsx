import { AuditLog } from '../../../features/admin';

export const metadata = { title: 'Audit log · Operator Studio' };

export default function AuditPage() {
  return <AuditLog />;
}
