import {test, expect} from './warmTab';
import {productLinks, urlParts} from '../productLinks';
import {hydrated} from './helpers';

/**
 * The links the released Lightdash prints that carry a #fragment (tests/fixtures/product-links.yaml), opened as a reader
 * does: the browser scrolls to the element with that id, old ids included (<Anchor id=…/>), and it sits below the
 * sticky navbar (or the navbar has hidden itself, as it does on a scroll down) rather than under it. tests/unit/product-links.test.ts checks every link's page and section in the
 * HTML; this checks the scroll in a browser.
 */
const withFragment = productLinks().filter((l) => l.page && urlParts(l.url).hash);

test.describe('product links with a fragment scroll to their section', () => {
  for (const link of withFragment) {
    const {path, hash} = urlParts(link.url);
    test(link.url, async ({page}) => {
      await page.goto(`${path}#${hash}`);
      await hydrated(page);
      await expect(page).toHaveURL(new RegExp(`${link.page}#${hash}$`));
      const target = page.locator(`[id="${hash}"]`);
      await expect(target).toHaveCount(1);
      // Headings and <Anchor> spans carry the navbar's scroll margin, so their top sits below it. Any other
      // element with the id (a tab of a Tabs block) is scrolled by the browser alone: it must be in view,
      // with part of it below the navbar.
      const isHeadingOrAnchor = await target.evaluate((el) => /^H[1-6]$/.test(el.tagName) || el.tagName === 'SPAN');
      await expect(async () => {
        const box = await target.boundingBox();
        const navbar = await page.locator('.navbar').boundingBox();
        expect(box, 'the target has a box').not.toBeNull();
        // The navbar hides on scrolling down (themeConfig.navbar.hideOnScroll), and landing far down a page is such a
        // scroll: then it is above the viewport and nothing covers the target. Its visible bottom is what counts.
        const below = Math.max(0, (navbar?.y ?? 0) + (navbar?.height ?? 0)) - 1;
        if (isHeadingOrAnchor) expect(box!.y).toBeGreaterThanOrEqual(below);
        else expect(box!.y + box!.height).toBeGreaterThan(below);
        expect(box!.y).toBeLessThan(page.viewportSize()!.height);
      }).toPass({timeout: 5_000});
    });
  }
});
