// Issue 35, item 5: every docs URL the released Lightdash prints (tests/fixtures/product-links.yaml) resolves in the
// production build to the right page (following redirect pages) and to an element with the URL's fragment as id,
// inside the section the fixture names. tests/content/product-links.test.ts checks the sources without a build.
import {describe, expect, it} from 'vitest';
import {checkInBuild, htmlMarks, landInBuild, productLinks} from '../productLinks';
import {BUILD_DIR, requireBuild} from '../support/build';

const build = BUILD_DIR;
const links = productLinks();

// npm test builds the production site before vitest runs (scripts/test-all.mjs). After changing a page, an alias or
// a redirect, run `npm run build` first: this reads what is in build/.
describe('product links in the production build', () => {
  requireBuild();
  it.each(links.map((l) => [l.url, l]))('%s', (_url, link) => {
    expect(checkInBuild(build, link)).toEqual([]);
  });

  it('follows redirect pages and finds ids written without quotes, as the minified HTML has them', () => {
    const landing = landInBuild(build, '/getting-started/install-lightdash');
    expect(landing.kind).toBe('page');
    if (landing.kind !== 'page') return;
    expect(landing.route).toBe('/self-host/self-host-lightdash');
    expect(landing.hops).toEqual(['/getting-started/install-lightdash']);
    expect(htmlMarks('<h2 class=x id=a>A</h2><span id="b"></span>').map((m) => m.id)).toEqual(['a', 'b']);
    expect(landInBuild(build, '/no/such/page').kind).toBe('missing');
  });
});
