/**
 * The site's one style sheet, inlined in every page (no file, font or image is
 * loaded from anywhere). System fonts; status colours repeat what the status
 * word already says; focus is always visible; print drops the controls. No page
 * scrolls sideways at any width: a table too wide for the screen scrolls in its
 * own box (.table-box), long words wrap, clause ids never break. On a phone
 * (48rem and less) the clause matrix and the tables of failures become cards,
 * one row under another, each cell named by its column (data-label), so no
 * host's verdict and no failure message sits off-screen in a scrolling box.
 */
export const SITE_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa; --link: #0a58ca; --focus: #ff8c00;
  --failed: #a40e26; --failed-bg: #ffebe9; --baselined: #7d4e00; --baselined-bg: #fff8c5; --skipped: #4b5563; --skipped-bg: #eef0f3; --flaky: #6f2da8; --flaky-bg: #f5ecfc;
  --passed: #116329; --passed-bg: #dafbe1; --not-run: #6e7781; --advisory: #0550ae; --advisory-bg: #ddf4ff; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--ink); background: #fff; overflow-wrap: break-word; }
:lang(zh) { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif; }
.table-box { max-width: 100%; overflow-x: auto; margin: .5rem 0 1rem; position: relative; }
.table-box > table { margin: 0; }
.id, a[rel="prev"], a[rel="next"] { white-space: nowrap; }
a { color: var(--link); }
a:focus-visible, input:focus-visible + label, summary:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 3px; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: .5rem 1rem; z-index: 1; }
.skip:focus { left: .5rem; top: .5rem; }
header.site { background: #24292f; color: #fff; padding: .6rem 1.25rem; display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; align-items: baseline; }
header.site .brand { font-weight: 700; color: #fff; text-decoration: none; font-size: 1.05rem; }
header.site nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
header.site nav a { color: #e6edf3; }
header.site nav a[aria-current="page"] { color: #fff; font-weight: 700; text-decoration: none; }
main { padding: 1rem 1.25rem 3rem; max-width: 80rem; min-width: 0; }
main.prose { max-width: 60rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 .75rem; line-height: 1.25; }
h2 { font-size: 1.25rem; margin: 2rem 0 .6rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 .4rem; }
p.lead { color: var(--muted); margin-top: 0; max-width: 60rem; }
code, pre, :lang(zh) code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .9em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; margin: .4rem 0; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid var(--line); padding: .3rem .55rem; text-align: left; vertical-align: top; }
thead th { background: var(--panel); position: sticky; top: 0; z-index: 1; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
.vh { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.muted { color: var(--muted); }
.edition-mark { font-weight: 600; }
.statement .reading { margin: 0 0 .4em; }
.level { display: inline-block; font-size: .8rem; padding: 0 .4rem; border-radius: 1rem; border: 1px solid var(--line); white-space: nowrap; }
.level.recommended { background: #ddf4ff; border-color: #54aeff; }
.st { white-space: nowrap; font-weight: 600; }
.st a { color: inherit; text-decoration: none; display: block; }
.st a:hover { text-decoration: underline; }
.st-failed { color: var(--failed); background: var(--failed-bg); }
.st-baselined { color: var(--baselined); background: var(--baselined-bg); }
.st-flaky { color: var(--flaky); background: var(--flaky-bg); }
.st-skipped { color: var(--skipped); background: var(--skipped-bg); }
.st-passed { color: var(--passed); background: var(--passed-bg); }
.st-advisory { color: var(--advisory); background: var(--advisory-bg); }
.st small { display: block; font-weight: 400; font-size: .8rem; white-space: normal; }
.matrix td.st { white-space: normal; min-width: 7.5rem; }
.st-not-run { color: var(--not-run); font-weight: 400; }
/* Matrix */
.matrix { width: 100%; }
.matrix td.statement { min-width: 18rem; }
.matrix td.fit, .matrix tbody th[scope="row"] { width: 1%; }
.matrix tbody th[scope="rowgroup"] { background: #eaeef2; font-size: .95rem; }
.matrix tbody th[scope="row"] { white-space: nowrap; font-weight: 600; }
.matrix tfoot th, .matrix tfoot td { background: var(--panel); font-weight: 600; }
.matrix tr.clause { counter-increment: shown; }
.shown-count::after { content: counter(shown); }
.matrix-wrap { counter-reset: shown; }
/* Filters: radio buttons styled as toggles, keyboard operable as radios are. */
form.filters { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: 1rem 0; padding: .75rem 1rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
form.filters fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
form.filters legend { font-weight: 600; float: left; margin-right: .5rem; padding: 0; }
form.filters input { position: absolute; opacity: 0; width: 1px; height: 1px; }
form.filters label { display: inline-block; padding: .1rem .6rem; border: 1px solid var(--line); border-radius: 1rem; background: #fff; cursor: pointer; font-size: .9rem; }
form.filters input:checked + label { background: #24292f; color: #fff; border-color: #24292f; }
/* Gherkin */
.scenario { border: 1px solid var(--line); border-radius: 8px; padding: .25rem 1rem .75rem; margin: 1rem 0 1.5rem; }
.scenario h3 { margin-top: .75rem; }
.scenario h3 .kw { color: #6f42c1; }
.tags { display: flex; flex-wrap: wrap; gap: .3rem; list-style: none; padding: 0; margin: .25rem 0; }
.tags li { font-family: ui-monospace, monospace; font-size: .8rem; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 0 .35rem; }
.gherkin { margin: .5rem 0; }
.gherkin ol { list-style: none; margin: .25rem 0; padding: 0; }
.gherkin li { margin: .15rem 0; }
.gherkin .kw { font-weight: 700; color: #6f42c1; display: inline-block; min-width: 3.6rem; }
.gherkin .background { color: var(--muted); border-left: 3px solid var(--line); padding-left: .6rem; margin-bottom: .5rem; }
.gherkin .background-label { font-size: .85rem; font-weight: 600; margin: 0; }
.gherkin var { font-style: normal; font-family: ui-monospace, monospace; background: #fff8c5; padding: 0 .15rem; border-radius: 3px; }
.gherkin .table-box, .gherkin pre { margin-left: 3.6rem; max-width: calc(100% - 3.6rem); }
.gherkin table { font-size: .9rem; }
.gherkin .examples h4 { margin: 0; font-size: .95rem; }
.description { white-space: pre-line; color: var(--muted); margin: .25rem 0; }
.editions { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
.edition h3 { margin-top: 0; }
.only-in { font-size: .8rem; font-weight: normal; border: 1px solid #8250df; color: #6639ba; border-radius: 1rem; padding: .1rem .5rem; vertical-align: middle; }
blockquote.seed { margin: .75rem 0; padding: .5rem 1rem; border-left: 4px solid #8250df; background: #fbefff; }
blockquote.seed p { margin: 0; font-size: 1.1rem; white-space: pre-wrap; }
blockquote.seed mark { background: #fff1a8; color: inherit; padding: 0 .1rem; border-radius: 2px; }
blockquote.seed .context { color: var(--muted); }
blockquote.seed footer { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; font-size: .85rem; color: var(--muted); margin-top: .3rem; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .2rem 1rem; margin: .5rem 0 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.statement { font-size: 1.1rem; }
.result-detail { font-weight: 400; color: var(--ink); white-space: normal; min-width: min(16rem, 70vw); background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: .1rem .6rem; margin-top: .3rem; }
.result-detail p { margin: .35rem 0; }
.rerun { font-weight: 400; color: var(--ink); white-space: normal; }
.rerun p { margin: .4rem 0 .1rem; font-size: .85rem; }
.rerun pre { background: #fff; margin: 0; }
.result-detail pre { font-weight: 400; }
section.divergence { border-left: 4px solid var(--baselined); padding-left: .8rem; margin: 1rem 0 1.5rem; }
section.divergence .reason { margin: .25rem 0 .4rem; }
.nowrap { white-space: nowrap; }
nav.toc ul { list-style: none; padding: 0; margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
nav.pager { display: flex; justify-content: space-between; margin-top: 2rem; }
details > summary { cursor: pointer; }
/* Clause pages: the summary first, the long parts folded. */
.glance { margin: .5rem 0 1rem; }
.glance ul.verdicts { list-style: none; padding: 0; margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .4rem; }
.glance ul.verdicts li { padding: .15rem .6rem; border-radius: 4px; }
.glance ul.verdicts a { color: inherit; }
.scenario-list > summary, details.fold > summary { font-weight: 600; padding: .2rem 0; }
.scenario-list ul { margin: .4rem 0 0; }
.scenario-verdicts { font-size: .85rem; }
.scenario-verdicts .st { display: inline-block; padding: 0 .4rem; border-radius: 4px; margin: .1rem .2rem .1rem 0; }
.scenario-verdicts-line { margin: .2rem 0; }
details.examples > summary h4 { display: inline; }
details.examples { margin: .6rem 0 .2rem; }
details.intro { max-width: 60rem; color: var(--muted); margin: -.25rem 0 1rem; }
details.intro > summary { color: var(--link); }
details.intro p { margin: .4rem 0 0; }
details.mutant-table > summary { font-weight: 600; padding: .3rem 0; }
@media (max-width: 48rem) {
  .matrix .statement { display: none; }
  main { padding: .75rem .6rem 2rem; }
  .gherkin .table-box, .gherkin pre { margin-left: 0; max-width: 100%; }
  .gherkin .kw { min-width: 0; margin-right: .3rem; }
  .editions { grid-template-columns: minmax(0, 1fr); }
  dl.facts { grid-template-columns: minmax(0, 1fr); }
  dl.facts dd { margin-bottom: .4rem; }
  /* The matrix as cards: a clause's id and level, then each host's verdict on a line of its own, named. */
  .matrix, .matrix thead, .matrix tbody, .matrix tfoot, .matrix tr, .matrix th, .matrix td { display: block; }
  .matrix thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .matrix tbody th[scope="rowgroup"] { border: 0; border-top: 2px solid var(--line); }
  .matrix tr.clause, .matrix tfoot tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem .6rem; padding: .45rem .4rem; border-top: 1px solid var(--line); }
  .matrix tr.clause > *, .matrix tfoot tr > *, .matrix tbody th[scope="row"], .matrix td.fit { border: 0; padding: 0; width: auto; min-width: 0; background: none; }
  /* The level fills the clause's first line, so the verdicts start on the next, side by side where they fit. */
  .matrix tr.clause > td.fit { flex: 1 0 calc(100% - 10rem); }
  .matrix tr.clause > td.st, .matrix tr.clause > td.mutants { flex: 1 1 9rem; padding: .2rem .5rem; border-radius: 4px; text-align: left; }
  .matrix tr.clause > td.st-failed { background: var(--failed-bg); }
  .matrix tr.clause > td.st-baselined { background: var(--baselined-bg); }
  .matrix tr.clause > td.st-flaky { background: var(--flaky-bg); }
  .matrix tr.clause > td.st-skipped { background: var(--skipped-bg); }
  .matrix tr.clause > td.st-passed { background: var(--passed-bg); }
  .matrix tr.clause > td.st-advisory { background: var(--advisory-bg); }
  .matrix tfoot th { flex: 1 1 100%; }
  .matrix td[data-label]::before { content: attr(data-label); display: block; font-weight: 400; font-size: .8rem; color: var(--muted); }
  .matrix td.mutants small { display: inline; margin-left: .4rem; }
  /* Failures and flaky scenarios on a host page: scenario, clauses, then the message at full width. */
  table.cards, table.cards thead, table.cards tbody, table.cards tr, table.cards th, table.cards td { display: block; }
  table.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.cards tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .75rem; }
  table.cards th, table.cards td { border: 0; }
  table.cards td[data-label]::before { content: attr(data-label); display: block; font-weight: 600; font-size: .8rem; color: var(--muted); }
  table.cards .result-detail { min-width: 0; }
  /* Short values (the history's runs): each label and value on one line. */
  table.cards.pairs td[data-label] { text-align: right; padding: .1rem .55rem; }
  table.cards.pairs td[data-label]::before { float: left; margin-right: 1rem; }
  table.cards.pairs td small { display: block; }
  table.cards img { max-width: 100%; height: auto; }
}
ul.plain { list-style: none; padding-left: 0; margin: 0; }
ul.plain li + li { margin-top: .25rem; }
td.mutants { text-align: right; white-space: nowrap; }
td.mutants small { display: block; color: #a40e26; }
@media print {
  .skip, form.filters, header.site nav, nav.pager, .no-print { display: none !important; }
  header.site { background: none; color: #000; padding: 0; }
  header.site .brand { color: #000; }
  body { font-size: 11pt; }
  main { padding: 0; max-width: none; }
  a { color: inherit; text-decoration: none; }
  thead th { position: static; }
  thead { display: table-header-group; }
  tr, .scenario, blockquote { break-inside: avoid; }
  details { display: block; }
  details > summary { list-style: none; }
  /* On paper nothing stays folded (browsers without ::details-content print the summaries only). */
  details::details-content { content-visibility: visible; display: contents; }
  .st { background: none !important; color: #000 !important; }
  blockquote.seed mark { background: none; text-decoration: underline; }
}
`;
