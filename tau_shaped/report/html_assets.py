"""The report page's style and its episode browser script, inline (the page opens offline,
from one file).

The style fits any screen down to a phone's 390 px: the page never scrolls sideways and no
text is under 14 px; under 64em each table row is a card, each value named by its column
(``data-label``, set by ``labelCells`` for the tables the script draws), so no column is
cut off; plots are never wider than drawn and shrink to the width; long ids and JSON wrap.
The script reads the episodes from the page's JSON and lists them a page at a time,
filtered (run, task, bucket, verdict, and a free-text search over task, bucket, run, verdict
and why) and sorted by any column (click its heading; again to reverse). The episode view
(``episode_script``) renders one episode, or two runs of one task side by side. Data is
only ever put in the page as text (``textContent``), never as markup: trajectories are untrusted.
"""

from tau_shaped.report.episode_script import EPISODE_SCRIPT

CSS = """
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:1rem;line-height:1.45;margin:0;color:#1d1d1f;background:#fafafa;overflow-wrap:break-word}
main{max-width:78em;margin:0 auto;padding:1.5em 2em 4em}
h1{margin:.2em 0 .1em;font-size:1.7em}h2{margin-top:1.6em;border-bottom:1px solid #ddd;padding-bottom:.2em}
.lede{max-width:60em}
button,input,select,textarea{font:inherit}
img{max-width:100%;height:auto;display:block}
.plots{display:flex;flex-wrap:wrap;gap:.5em 1.5em;margin:.6em 0}.plots>img{min-width:0}
.scroll{max-width:100%;overflow-x:auto;margin:.6em 0}
.scroll>table{margin:0}
table{border-collapse:collapse;margin:.6em 0;background:#fff}
td,th{border:1px solid #d5d5d5;padding:4px 6px;text-align:left;vertical-align:top;font-size:.95rem;max-width:32em}
td.wide,td.what,td.fired,td.long{overflow-wrap:anywhere}
th{background:#f0f0f0}
th.sortable{cursor:pointer;user-select:none}
th.sortable::after{content:' ↕';color:#999}
th[aria-sort=ascending]::after{content:' ▲';color:#000}th[aria-sort=descending]::after{content:' ▼';color:#000}
td.wide{min-width:12em;max-width:48em}td.what{min-width:16em}td.fired{min-width:8em}
.num{text-align:right;font-variant-numeric:tabular-nums}
td.num{white-space:nowrap;overflow-wrap:normal}
.pill{display:inline-block;max-width:100%;padding:0 .5em;border-radius:.7em;font-size:.9rem}
.v-safety{background:#fdd;color:#900}.v-lost{background:#fec;color:#850}.v-alternative{background:#dfd;color:#060}
.v-fail{background:#eee;color:#555}.v-pass{background:#e3f0ff;color:#035}.v-error{background:#ddd;color:#000}
#filters{display:flex;flex-wrap:wrap;gap:.4em .8em;margin:.6em 0}
#filters select,#filters input{max-width:100%;min-width:0}
#filters input{flex:1 1 14em}
#episodes a{text-decoration:none}
#episode{background:#fff;border:1px solid #ccc;border-radius:6px;padding:1em 1.4em;margin-top:1.2em}
#episode:empty{display:none}
body.focus .overview{display:none}
a.back{display:inline-block;margin-bottom:.6em}
.why{background:#fff8e6;border-left:4px solid #e0a000;padding:.5em 1em;margin:.6em 0}
.note{color:#444;font-style:italic}
p.policy{max-width:60em;margin:.2em 0 .4em;border-left:4px solid #ccd;padding-left:.6em}.audit-rule{margin:1.2em 0 .2em;font-size:1.05em}
.strip{width:3.2em;text-align:center;font-variant-numeric:tabular-nums;color:#000}
.role-user td.who{color:#035}.role-agent td.who{color:#060}.role-tool td.who{color:#555}
.mark{display:block;margin:.15em 0;padding:0 .4em;border-radius:3px;font-size:.9rem}
.mark-gate{background:#fdd;color:#900;font-weight:600}.mark-rule{background:#fec;color:#850}.mark-checkpoint{background:#e6f6e6;color:#060}
pre,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace;font-size:.9rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;max-height:20em;overflow:auto}
code{white-space:pre-wrap;overflow-wrap:anywhere}
td.what>pre{font-family:inherit;font-size:1rem;line-height:1.45;max-height:none;overflow:visible}
details>summary{cursor:pointer}
.rerun{margin:.3em 0 .8em}.rerun pre{background:#fff;border:1px solid #d5d5d5;border-radius:4px;padding:.4em .6em;margin-top:.2em}
.bad{color:#900;font-weight:600}.good{color:#060}
nav.pages{display:flex;flex-wrap:wrap;align-items:center;gap:.4em}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,28em),1fr));gap:1em}
.pair>div{min-width:0;border-top:3px solid #ccd;padding-top:.4em}
@media (max-width:64em){
main{padding:1em .75em 3em}h1{font-size:1.4em}#episode{padding:.8em .75em}
#episode-table thead{display:block}
#episode-table thead tr{display:flex;flex-wrap:wrap;gap:.4em;margin:0 0 .6em}
#episode-table th{display:block;border:1px solid #ccc;border-radius:1em;padding:.1em .7em;background:#f0f0f0}
}
"""


def _cards(scope: str) -> str:
    """Tables under ``scope`` shown as cards: a row is a box of its values, each after its
    column's name (``data-label``); long text on a line of its own; the headings hidden."""
    rules = """
.scroll{overflow-x:visible}
table,tbody,tr,td{display:block}
table{background:none;border:0;width:100%}
thead{display:none}
tbody tr{display:flex;flex-wrap:wrap;gap:.2em 1.1em;background:#fff;border:1px solid #d5d5d5;border-radius:6px;padding:.5em .7em;margin:0 0 .6em}
td{border:0;padding:0;max-width:none;min-width:0;font-size:1rem;overflow-wrap:anywhere}
td.wide,td.what,td.fired{flex:1 1 100%;min-width:0}
td:empty{display:none}
td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:#555}
td.num{text-align:left;white-space:normal}
td.strip{width:auto;padding:0 .4em;border-radius:3px}"""
    out = []
    for rule in rules.strip().split("\n"):
        selectors, _, body = rule.partition("{")
        out.append(",".join(f"{scope} {sel}".strip() for sel in selectors.split(",")) + "{" + body + "\n")
    return "".join(out)


# on a narrow screen every table; two episodes side by side (half a screen each) at any width
CSS += "@media (max-width:64em){\n" + _cards("") + "}\n" + _cards(".pair")

LIST_SCRIPT = r"""
const DATA = JSON.parse(document.getElementById('report-data').textContent);
const EPS = DATA.episodes, PAGE = 50, VERDICT_ORDER = Object.keys(DATA.verdicts);
let page = 0, shown = EPS, sortKey = null, sortDir = 1;
const LONG_WORD = /\S{40}/;
function el(tag, attrs, ...kids){
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) { if (k === 'text') e.textContent = v; else e.setAttribute(k, v); }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return e;
}
function fmt(x){ return (x === null || x === undefined) ? '–' : (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(3)) : String(x)); }
function pill(v){ return el('span', {class: 'pill v-' + v, text: DATA.verdicts[v] || v}); }
function scroll(node){ return el('div', {class: 'scroll'}, node); }
function table(headers, rows, attrs, wide){
  // wide: the columns of long text, kept readable (a minimum width; the table scrolls in its box)
  const t = el('table', attrs || {}), head = el('tr'), w = new Set(wide || []);
  headers.forEach(h => head.append(h instanceof Node ? h : el('th', {text: h})));
  t.append(el('thead', {}, head));
  const body = el('tbody');
  rows.forEach(r => { const tr = el('tr'); r.forEach((c, i) => {
    const td = c instanceof Node ? el('td', {}, c) : el('td', {text: fmt(c)});
    if (w.has(i)) td.className = 'wide';
    tr.append(td); }); body.append(tr); });
  t.append(body);
  return scroll(t);
}
function labelCells(root){
  // a table shown as cards (a narrow screen) names each value by its column: data-label from the
  // heading; a cell holding a word too long for a column (an id, a run's file name) may break it
  root.querySelectorAll('table').forEach(t => {
    const heads = t.tHead ? [...t.tHead.rows[0].cells].map(h => h.textContent.trim()) : [];
    [...t.tBodies].forEach(b => [...b.rows].forEach(r => [...r.cells].forEach((c, i) => {
      if (heads[i] && !c.hasAttribute('data-label')) c.setAttribute('data-label', heads[i]);
      if (LONG_WORD.test(c.textContent)) c.classList.add('long');
    })));
  });
}
function options(select, values, label){
  select.append(el('option', {value: '', text: 'every ' + label}));
  values.forEach(([v, t]) => select.append(el('option', {value: v, text: t})));
}
const fRun = document.getElementById('f-run'), fTask = document.getElementById('f-task'),
      fBucket = document.getElementById('f-bucket'), fVerdict = document.getElementById('f-verdict'),
      fSearch = document.getElementById('f-search');
options(fRun, DATA.runs.map((r, i) => [String(i), r.label]), 'run');
options(fTask, [...new Set(EPS.map(e => e.task))].sort().map(t => [t, t]), 'task');
options(fBucket, [...new Set(EPS.map(e => e.bucket).filter(b => b))].sort().map(b => [b, b]), 'bucket');
options(fVerdict, VERDICT_ORDER.map(v => [v, DATA.verdicts[v]]), 'verdict');
function haystack(e){ return [e.task, e.bucket, DATA.runs[e.run].label, DATA.verdicts[e.verdict], e.why, 'trial ' + e.trial].join('\n').toLowerCase(); }
const COLUMNS = [
  ['episode', e => [e.task, e.trial]], ['run', e => [DATA.runs[e.run].label]], ['bucket', e => [e.bucket]],
  ['verdict', e => [VERDICT_ORDER.indexOf(e.verdict)]], ['legacy', e => [e.legacy]], ['shaped outcome', e => [e.shaped]],
  ['reward', e => [e.reward === null || e.reward === undefined ? -Infinity : e.reward]], ['why', e => [e.why]]];
function compare(a, b){
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return a[i] < b[i] ? -1 : 1;
    return String(a[i]).localeCompare(String(b[i]), undefined, {numeric: true});
  }
  return 0;
}
function applyFilters(){
  const words = fSearch.value.toLowerCase().split(/\s+/).filter(w => w);
  shown = EPS.filter(e => (fRun.value === '' || String(e.run) === fRun.value) && (fTask.value === '' || e.task === fTask.value)
    && (fBucket.value === '' || e.bucket === fBucket.value) && (fVerdict.value === '' || e.verdict === fVerdict.value)
    && (!words.length || words.every(w => haystack(e).includes(w))));
  if (sortKey !== null) {
    const key = COLUMNS[sortKey][1];
    shown = shown.map((e, i) => [key(e), i, e]).sort((a, b) => sortDir * compare(a[0], b[0]) || a[1] - b[1]).map(x => x[2]);
  }
  page = 0; listPage();
}
[fRun, fTask, fBucket, fVerdict].forEach(s => s.addEventListener('change', applyFilters));
fSearch.addEventListener('input', applyFilters);
function sortBy(i){
  if (sortKey === i) sortDir = -sortDir; else { sortKey = i; sortDir = 1; }
  applyFilters();
}
function partner(e){
  // the same task and trial in the next run (else its first trial there): two runs side by side
  if (DATA.runs.length < 2) return null;
  const others = EPS.filter(o => o.task === e.task && o.run !== e.run);
  const next = others.filter(o => o.run > e.run).concat(others.filter(o => o.run < e.run));
  return next.find(o => o.trial === e.trial) || next[0] || null;
}
function listPage(){
  const box = document.getElementById('episodes'); box.textContent = '';
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  page = Math.min(page, pages - 1);
  const pairs = DATA.runs.length > 1;
  const heads = COLUMNS.map(([name], i) => {
    const th = el('th', {class: 'sortable', text: name, tabindex: '0', role: 'button', 'data-col': String(i)});
    if (sortKey === i) th.setAttribute('aria-sort', sortDir > 0 ? 'ascending' : 'descending');
    th.addEventListener('click', () => sortBy(i));
    th.addEventListener('keydown', ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sortBy(i); } });
    return th;
  });
  if (pairs) heads.push(el('th', {text: 'other run'}));
  const rows = shown.slice(page * PAGE, (page + 1) * PAGE).map(e => {
    const row = [el('a', {href: '#ep-' + e.n, text: e.task + ' / trial ' + e.trial}), DATA.runs[e.run].label, e.bucket || '–', pill(e.verdict),
      e.legacy, e.shaped, e.reward, el('span', {text: e.why})];
    if (pairs) { const o = partner(e); row.push(o ? el('a', {href: '#vs-' + e.n + '-' + o.n, text: 'side by side'}) : '–'); }
    return row;
  });
  box.append(table(heads, rows, {id: 'episode-table'}, [7]));
  labelCells(box);
  const nav = el('nav', {class: 'pages'});
  const prev = el('button', {text: '‹ previous'}), next = el('button', {text: 'next ›'});
  prev.disabled = page === 0; next.disabled = page >= pages - 1;
  prev.onclick = () => { page--; listPage(); }; next.onclick = () => { page++; listPage(); };
  nav.append(prev, el('span', {id: 'page-count', text: 'page ' + (page + 1) + ' of ' + pages + ' (' + shown.length + ' episodes)'}), next);
  box.append(nav);
}
"""

ROUTE_SCRIPT = r"""
function route(){
  let m = /^#ep-(\d+)$/.exec(location.hash);
  if (m && EPS[Number(m[1])]) { showEpisode(Number(m[1])); return; }
  m = /^#vs-(\d+)-(\d+)$/.exec(location.hash);
  if (m && EPS[Number(m[1])] && EPS[Number(m[2])]) { showPair(Number(m[1]), Number(m[2])); return; }
  document.body.classList.remove('focus');
  document.getElementById('episode').textContent = '';
}
function routeAndLabel(){ route(); labelCells(document.getElementById('episode')); }
window.addEventListener('hashchange', routeAndLabel);
labelCells(document.querySelector('.overview'));
applyFilters();
routeAndLabel();
document.body.setAttribute('data-ready', '1');
"""

SCRIPT = "(function(){\n" + LIST_SCRIPT + EPISODE_SCRIPT + ROUTE_SCRIPT + "})();\n"
