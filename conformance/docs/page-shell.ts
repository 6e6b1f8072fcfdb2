/** The frame of every page: document head with the inline style sheet, skip link, site header with navigation. */
import { hostHistories } from './host-histories.js';
import { html, raw, type Html, type HtmlValue } from './html.js';
import type { SiteModel } from './site-model.js';
import { SITE_CSS } from './site-style.js';

export interface PageOptions {
  title: string;
  /** Path from this page to the site root: '' or '../'. */
  root: string;
  /** Which navigation entry is this page: 'home', 'editions' or a host key. */
  current?: string;
  /** Extra rules (the matrix's generated filter rules). */
  css?: string;
  prose?: boolean;
  body: HtmlValue;
}

export function page(model: SiteModel, options: PageOptions): Html {
  const current = (key: string) => (options.current === key ? raw(' aria-current="page"') : '');
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${options.title}</title>
<style>${raw(SITE_CSS)}${raw(options.css ?? '')}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="${options.root}index.html">Plan mode conformance</a>
<nav aria-label="Site">
<ul>
<li><a href="${options.root}index.html"${current('home')}>Clause matrix</a></li>
<li><a href="${options.root}editions.html"${current('editions')}>Editions</a></li>
${model.hosts.map(
  (host) => html`<li><a href="${options.root}hosts/${host.key}.html"${current(host.key)}>Host: ${host.label}</a></li>
`,
)}${hostHistories(model).map(
  (
    history,
  ) => html`<li><a href="${options.root}history/${history.key}.html"${current(`history-${history.key}`)}>History: ${history.host}</a></li>
`,
)}</ul>
</nav>
</header>
<main id="main" tabindex="-1"${options.prose ? raw(' class="prose"') : ''}>
${options.body}
</main>
</body>
</html>
`;
}
