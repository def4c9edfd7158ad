const styles = {
  main: { fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '10vh auto', padding: '0 24px', lineHeight: 1.5 },
  link: { color: '#3949ab', fontWeight: 600 },
} as const;

/** The landing page until the dashboard ships: points people at the API and its reference. */
export function HomePage() {
  return (
    <main style={styles.main}>
      <h1>Session Analytics</h1>
      <p>
        The service is running. The dashboard is on its way; meanwhile every operation is available through the REST API, with
        an interactive reference at{' '}
        <a style={styles.link} href="/docs">
          /docs
        </a>{' '}
        and the OpenAPI document at{' '}
        <a style={styles.link} href="/v1/openapi.json">
          /v1/openapi.json
        </a>
        .
      </p>
      <p>Authenticate with the admin token printed when the server started: send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
    </main>
  );
}
