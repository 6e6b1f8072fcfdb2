/**
 * A badge per host run (a host at a release, judged against an edition) that
 * a host's README can show: badges/<host>.svg, a self-contained SVG (no font
 * or image from elsewhere, no script), and badges/<host>.json, the same
 * verdict as a shields.io endpoint (`https://img.shields.io/endpoint?url=...`).
 * The verdict is the run's: it conforms when no failure counts against it at
 * its level (baselined ones do not), else the number that count.
 */
import { escapeHtml } from './html.js';
import { failsTheRun } from './result-html.js';
import type { HostView } from './site-model.js';

export interface Badge {
  label: string;
  message: string;
  /** A colour shields.io names, and the SVG's fill for it. */
  color: 'brightgreen' | 'red';
}

const FILL: Record<Badge['color'], string> = { brightgreen: '#2b7d34', red: '#b42318' };

export function badgeOf(view: HostView): Badge {
  const failing = view.document.scenarios.filter((record) => failsTheRun(record, view.document)).length;
  const release = view.release === undefined ? '' : ` ${view.release}`;
  return {
    label: `plan mode ${view.edition}`,
    message: failing === 0 ? `${view.host}${release} conforms` : `${view.host}${release}: ${failing} failing`,
    color: failing === 0 ? 'brightgreen' : 'red',
  };
}

/** The shields.io endpoint JSON (schemaVersion 1). */
export function badgeEndpoint(badge: Badge): string {
  return `${JSON.stringify({ schemaVersion: 1, label: badge.label, message: badge.message, color: badge.color })}\n`;
}

/** Text width in the SVG, estimated (no font is loaded): 7 px a character at 11 px Verdana-like sans, wide characters twice. */
function textWidth(text: string): number {
  let width = 0;
  for (const character of text) width += (character.codePointAt(0) ?? 0) > 0x2e80 ? 13 : 7;
  return width;
}

export function badgeSvg(badge: Badge): string {
  const left = textWidth(badge.label) + 12;
  const right = textWidth(badge.message) + 12;
  const total = left + right;
  const label = escapeHtml(badge.label);
  const message = escapeHtml(badge.message);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${label}: ${message}">
<title>${label}: ${message}</title>
<rect width="${left}" height="20" fill="#555"/>
<rect x="${left}" width="${right}" height="20" fill="${FILL[badge.color]}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
<text x="${left / 2}" y="14">${label}</text>
<text x="${left + right / 2}" y="14">${message}</text>
</g>
</svg>
`;
}
