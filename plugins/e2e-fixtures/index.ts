import type {Plugin} from '@docusaurus/types';

/**
 * Test-only routes, added only when E2E_FIXTURES=1 (the build the browser tests use for
 * behaviours that need a broken page). The production build never contains them; a test checks.
 */
export default function e2eFixturesPlugin(): Plugin {
  return {
    name: 'e2e-fixtures',
    async contentLoaded({actions}) {
      actions.addRoute({path: '/__e2e/crash', component: '@site/plugins/e2e-fixtures/CrashPage.tsx', exact: true});
    },
  };
}
