import { SignInPage } from '../../features/auth';

export const metadata = { title: 'Sign in · Operator Studio' };

export default async function SignIn({
  searchParams,
}: {
  readonly searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next } = await searchParams;
  return <SignInPage next={typeof next === 'string' ? next : undefined} />;
}
