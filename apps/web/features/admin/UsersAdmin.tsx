'use client';
// /admin/users: the studio's local accounts (multi-user mode): create one, change a role, delete
// one. A role change or deletion ends that user's sessions on the controller. Passwords go in,
// never out; a forgotten one is reset with `npx opstudio admin password <name>`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows, useSession, type Role } from '../auth';
import styles from './admin.module.css';

const ROLES: readonly Role[] = ['viewer', 'editor', 'admin'];
const ROLE_OPTIONS = ROLES.map((r) => (
  <option key={r} value={r}>
    {r}
  </option>
));

export function UsersAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const admin = useRoleAllows('admin');
  const users = useQuery({ ...trpc.users.list.queryOptions(), enabled: admin });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
  const setRole = useMutation(trpc.users.setRole.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.users.delete.mutationOptions({ onSettled: refresh }));
  if (session !== null && !admin) return <p className={styles.error}>Accounts are managed by admins.</p>;
  if (session?.mode === 'single-user')
    return <p className={styles.muted}>Single-user mode has no accounts: start the studio with --auth to use them.</p>;
  const failure = setRole.error ?? remove.error;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Users</h1>
      <CreateUser onCreated={refresh} />
      {users.isError ? (
        <p role="alert" className={styles.error}>
          Cannot list the accounts: {users.error.message}
        </p>
      ) : null}
      {failure !== null ? (
        <p role="alert" className={styles.error}>
          {failure.message}
        </p>
      ) : null}
      {users.data !== undefined ? (
        <table className={styles.table} aria-label="Users">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => {
              const self = u.name === session?.user?.name;
              return (
                <tr key={u.id}>
                  <td>
                    {u.name}
                    {self ? <span className={styles.muted}> (you)</span> : null}
                  </td>
                  <td>
                    <select
                      aria-label={`Role of ${u.name}`}
                      value={u.role}
                      disabled={self || setRole.isPending}
                      onChange={(e) => setRole.mutate({ name: u.name, role: e.target.value as Role })}
                    >
                      {ROLE_OPTIONS}
                    </select>
                  </td>
                  <td>
                    <button
                      type="button"
                      className={`${styles.button} ${styles.danger}`}
                      disabled={self || remove.isPending}
                      aria-label={`Delete user ${u.name}`}
                      onClick={() => {
                        if (window.confirm(`Delete the account ${u.name}? Their sessions end at once.`))
                          remove.mutate({ name: u.name });
                      }}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function CreateUser({ onCreated }: { readonly onCreated: () => Promise<void> }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.users.create.mutationOptions());
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), password, role },
      {
        onSuccess: () => {
          setName('');
          setPassword('');
          void onCreated();
        },
      },
    );
  };
  return (
    <section className={styles.card} aria-labelledby="new-user-h">
      <h2 id="new-user-h">New user</h2>
      <form className={styles.form} onSubmit={onSubmit}>
        <label>
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            minLength={12}
            autoComplete="new-password"
          />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLE_OPTIONS}
          </select>
        </label>
        <button type="submit" className={styles.button} disabled={create.isPending}>
          Create user
        </button>
      </form>
      {create.isError ? (
        <p role="alert" className={styles.error}>
          {create.error.message}
        </p>
      ) : null}
      {create.isSuccess ? (
        <p className={styles.muted}>
          Created {create.data.name} ({create.data.role}).
        </p>
      ) : null}
    </section>
  );
}
