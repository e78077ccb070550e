// WCAG 2.1 AA contrast of the text of a rendered diagram. Run in the browser (Playwright's
// page.evaluate) on a page holding the SVG inline on the page's background colour; self-contained
// so it can be serialised. Returns one line per text below 4.5:1.

/** @param {{background: string, selector?: string}} options */
export function diagramContrastProblems({background, selector = 'svg'}) {
  const parse = (color) => {
    const m = /rgba?\(([^)]+)\)/.exec(color);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return {r, g, b, a};
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({r, g, b}) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const page = parse(background);
  const problems = [];
  for (const svg of document.querySelectorAll(selector)) {
    // The elements that hold text themselves (a <text>, or a <tspan> in it): the fill is theirs.
    const holders = [...svg.querySelectorAll('text, tspan')].filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /** @type {string} */ (n.textContent).trim()),
    );
    for (const text of holders) {
      const label = text.textContent.trim();
      const style = getComputedStyle(text);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const fill = parse(style.fill);
      if (!fill) continue;
      // Everything painted under the middle of the text, topmost first; the first filled shape that
      // is not text is its background (edges are unfilled paths and are skipped).
      const box = text.getBoundingClientRect();
      const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      let bg = /** @type {NonNullable<typeof page>} */ (page);
      const layers = [];
      for (const el of stack) {
        if (el === document.body || el === document.documentElement) break;
        if (!(el instanceof SVGGeometryElement) || el.closest('text')) continue;
        const s = getComputedStyle(el);
        const f = parse(s.fill);
        if (!f || s.fill === 'none') continue;
        const opacity = Number(s.fillOpacity) * Number(s.opacity);
        if (f.a * opacity === 0) continue;
        layers.push({...f, a: f.a * opacity});
        if (f.a * opacity >= 1) break;
      }
      for (const layer of layers.reverse()) bg = over(layer, bg);
      const shown = over({...fill, a: fill.a * Number(style.fillOpacity) * Number(style.opacity)}, bg);
      const r = ratio(shown, bg);
      if (r < 4.5)
        problems.push(`"${label}": ${style.fill} on rgb(${[bg.r, bg.g, bg.b].map(Math.round)}) is ${r.toFixed(2)}:1`);
    }
  }
  return problems;
}

/** The page backgrounds the diagrams are shown on (Infima's, unchanged by src/css/custom.css). */
export const PAGE_BACKGROUNDS = {light: 'rgb(255, 255, 255)', dark: 'rgb(27, 27, 29)'};
