import type {Plugin} from '@docusaurus/types';

/**
 * Page-view analytics without a third-party script: a client module posts one beacon per route
 * change to the endpoint given at build time (ANALYTICS_URL → siteConfig.customFields.analyticsUrl).
 */
export default function pageAnalyticsPlugin(): Plugin {
  return {
    name: 'page-analytics',
    getClientModules() {
      return [require.resolve('./client')];
    },
  };
}
