import type {LoadContext, Plugin} from '@docusaurus/types';
import clientRedirects, {validateOptions} from '@docusaurus/plugin-client-redirects';
import {redirects} from './rules';

/**
 * @docusaurus/plugin-client-redirects with our redirect table. Options given in docusaurus.config's
 * `plugins` end up in the client bundle's copy of the site config, so the ~900 redirects (which
 * only the build needs, to write the redirect pages) were in every page's first load. Here they stay
 * on the build side.
 */
export default function redirectsPlugin(context: LoadContext): Plugin<void> | null {
  const options = validateOptions({
    validate: (schema, value) => {
      const result = schema.validate(value);
      if (result.error) throw result.error;
      return result.value;
    },
    options: {redirects},
  });
  return clientRedirects(context, options);
}
