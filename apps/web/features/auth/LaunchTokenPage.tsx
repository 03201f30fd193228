// Single-user mode without this launch's token: how to get in, and nothing of the cluster (no
// shell, no navigation, no live connection; the controller refuses every API call anyway).
import styles from './auth.module.css';

export function LaunchTokenPage() {
  return (
    <main className={styles.center}>
      <section className={styles.card} aria-labelledby="launch-title">
        <h1 id="launch-title" className={styles.title}>
          Open the studio with its launch link
        </h1>
        <p className={styles.muted}>
          This studio runs for the person who started it. Open the link that <code>npm start</code> printed on its last
          line:
        </p>
        <pre className={styles.code}>ready: http://&lt;launch name&gt;.localhost:3000/?token=…</pre>
        <p className={styles.muted}>
          The token is also in <code>data/launch-token</code> (readable only by the user who started the studio): open{' '}
          <code>/?token=&lt;token&gt;</code> (it takes you on to this start&apos;s own <code>.localhost</code> name,
          where no other local server sees its cookie), or send <code>Authorization: Bearer &lt;token&gt;</code> from
          scripts. Each start makes a new token and a new name.
        </p>
      </section>
    </main>
  );
}
