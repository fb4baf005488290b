// Keisha's one logo: a rounded square in the accent colour with a K drawn in strokes (no font needed). The
// React component (logo.tsx), the shell's favicon and the landing videos (mf-marketing/scripts) all draw it
// from this geometry, so there is one mark everywhere (issue 28, item 5). Plain TypeScript: Node can import it.

export const LOGO_VIEWBOX = '0 0 32 32';
export const LOGO_CORNER_RADIUS = 8;
/** The K: its stem, then the upper arm, then the leg that starts on the arm. */
export const LOGO_K_PATH = 'M11.5 8.5v15M21 8.5l-9.5 8M15.2 13.4 21.5 23.5';
export const LOGO_STROKE_WIDTH = 3.2;

/** The dark theme's colours (tokens.css): accent and the text drawn on it. */
export const LOGO_COLOURS = { background: '#f2b84b', foreground: '#17120a' } as const;

/** The mark as standalone SVG markup, for places outside React (a favicon, an HTML scene drawn to video). */
export function logoSvgMarkup(size: number, colours: { background: string; foreground: string } = LOGO_COLOURS): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${LOGO_VIEWBOX}" aria-hidden="true">` +
    `<rect width="32" height="32" rx="${LOGO_CORNER_RADIUS}" fill="${colours.background}"/>` +
    `<path d="${LOGO_K_PATH}" fill="none" stroke="${colours.foreground}" stroke-width="${LOGO_STROKE_WIDTH}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`
  );
}
