import styles from './forms.module.css';

/** The form's overall outcome: an error (announced at once) or a confirmation. */
export function FormMessages({ error, success }: { error?: string | undefined; success?: string | undefined }) {
  return (
    <>
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      {success ? (
        <p role="status" className={styles.success}>
          {success}
        </p>
      ) : null}
    </>
  );
}
