import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';

declare global {
  interface Window {
    /** Set to false by a test to let "Try again" succeed. */
    __e2eCrash?: boolean;
  }
}

function Bomb(): ReactNode {
  if (typeof window !== 'undefined' && window.__e2eCrash !== false) {
    throw new Error('Chart failed to render', {cause: new Error('Metric query was rejected')});
  }
  return <p>Recovered after Try again.</p>;
}

export default function CrashPage(): ReactNode {
  return (
    <Layout title="Crash fixture">
      <main className="container margin-vert--lg">
        <Bomb />
      </main>
    </Layout>
  );
}
