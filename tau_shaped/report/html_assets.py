"""The report page's style and script, inline (the page opens offline, from one file).

The script reads the episodes from the page's JSON, lists them a page at a time with
filters (run, task, bucket, verdict), and renders one episode when its anchor
(``#ep-N``) is opened: the verdict and why, then the conversation turn by turn with the
step rewards as a strip beside the steps and what fired at each step. Data is only ever
put in the page as text (``textContent``), never as markup: trajectories are untrusted.
"""

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
main{max-width:78em;margin:0 auto;padding:1.5em 2em 4em}
h1{margin:.2em 0 .1em;font-size:1.7em}h2{margin-top:1.6em;border-bottom:1px solid #ddd;padding-bottom:.2em}
.lede{font-size:1.02em;max-width:60em;line-height:1.45}
table{border-collapse:collapse;margin:.6em 0;background:#fff}
td,th{border:1px solid #d5d5d5;padding:3px 8px;text-align:left;vertical-align:top;font-size:.92em}
th{background:#f0f0f0}
.num{text-align:right;font-variant-numeric:tabular-nums}
.pill{display:inline-block;padding:0 .5em;border-radius:.7em;font-size:.85em;white-space:nowrap}
.v-safety{background:#fdd;color:#900}.v-lost{background:#fec;color:#850}.v-alternative{background:#dfd;color:#060}
.v-fail{background:#eee;color:#555}.v-pass{background:#e3f0ff;color:#035}.v-error{background:#ddd;color:#000}
#filters select,#filters input{margin-right:.8em}
#episodes a{text-decoration:none}
#episode{background:#fff;border:1px solid #ccc;border-radius:6px;padding:1em 1.4em;margin-top:1.2em}
#episode:empty{display:none}
body.focus .overview{display:none}
a.back{display:inline-block;margin-bottom:.6em}
.why{background:#fff8e6;border-left:4px solid #e0a000;padding:.5em 1em;margin:.6em 0}
.turn td{font-size:.9em}
.strip{width:3.2em;text-align:center;font-variant-numeric:tabular-nums;color:#000}
.role-user td.who{color:#035}.role-agent td.who{color:#060}.role-tool td.who{color:#555}
.mark{display:block;margin:.15em 0;padding:0 .4em;border-radius:3px;font-size:.85em}
.mark-gate{background:#fdd;color:#900;font-weight:600}.mark-rule{background:#fec;color:#850}.mark-checkpoint{background:#e6f6e6;color:#060}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:.85em;max-height:16em;overflow:auto}
details>summary{cursor:pointer}
.bad{color:#900;font-weight:600}.good{color:#060}
nav.pages button{margin:0 .2em}
"""

SCRIPT = r"""
(function(){
const DATA = JSON.parse(document.getElementById('report-data').textContent);
const EPS = DATA.episodes, PAGE = 50;
let page = 0, shown = EPS;
function el(tag, attrs, ...kids){
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) { if (k === 'text') e.textContent = v; else e.setAttribute(k, v); }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return e;
}
function fmt(x){ return (x === null || x === undefined) ? '–' : (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(3)) : String(x)); }
function pill(v){ return el('span', {class: 'pill v-' + v, text: DATA.verdicts[v] || v}); }
function table(headers, rows){
  const t = el('table'), head = el('tr');
  headers.forEach(h => head.append(el('th', {text: h})));
  t.append(el('thead', {}, head));
  const body = el('tbody');
  rows.forEach(r => { const tr = el('tr'); r.forEach(c => tr.append(c instanceof Node ? el('td', {}, c) : el('td', {text: fmt(c)}))); body.append(tr); });
  t.append(body);
  return t;
}
function options(select, values, label){
  select.append(el('option', {value: '', text: 'every ' + label}));
  values.forEach(([v, t]) => select.append(el('option', {value: v, text: t})));
}
const fRun = document.getElementById('f-run'), fTask = document.getElementById('f-task'),
      fBucket = document.getElementById('f-bucket'), fVerdict = document.getElementById('f-verdict');
options(fRun, DATA.runs.map((r, i) => [String(i), r.label]), 'run');
options(fTask, [...new Set(EPS.map(e => e.task))].sort().map(t => [t, t]), 'task');
options(fBucket, [...new Set(EPS.map(e => e.bucket).filter(b => b))].sort().map(b => [b, b]), 'bucket');
options(fVerdict, Object.keys(DATA.verdicts).map(v => [v, DATA.verdicts[v]]), 'verdict');
function applyFilters(){
  shown = EPS.filter(e => (fRun.value === '' || String(e.run) === fRun.value) && (fTask.value === '' || e.task === fTask.value)
    && (fBucket.value === '' || e.bucket === fBucket.value) && (fVerdict.value === '' || e.verdict === fVerdict.value));
  page = 0; listPage();
}
[fRun, fTask, fBucket, fVerdict].forEach(s => s.addEventListener('change', applyFilters));
function listPage(){
  const box = document.getElementById('episodes'); box.textContent = '';
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  page = Math.min(page, pages - 1);
  const rows = shown.slice(page * PAGE, (page + 1) * PAGE).map(e => [
    el('a', {href: '#ep-' + e.n, text: e.task + ' / trial ' + e.trial}), DATA.runs[e.run].label, e.bucket || '–', pill(e.verdict),
    e.legacy, e.shaped, e.reward, el('span', {text: e.why})]);
  box.append(table(['episode', 'run', 'bucket', 'verdict', 'legacy', 'shaped outcome', 'reward', 'why'], rows));
  const nav = el('nav', {class: 'pages'});
  const prev = el('button', {text: '‹ previous'}), next = el('button', {text: 'next ›'});
  prev.disabled = page === 0; next.disabled = page >= pages - 1;
  prev.onclick = () => { page--; listPage(); }; next.onclick = () => { page++; listPage(); };
  nav.append(prev, ' page ' + (page + 1) + ' of ' + pages + ' (' + shown.length + ' episodes) ', next);
  box.append(nav);
}
function section(title, node){ return node ? el('div', {}, el('h3', {text: title}), node) : null; }
function showEpisode(n){
  const e = EPS[n], box = document.getElementById('episode');
  box.textContent = '';
  if (!e) return;
  const run = DATA.runs[e.run];
  document.body.classList.add('focus');
  box.append(el('a', {class: 'back', href: '#', text: '← all runs and episodes'}));
  box.append(el('h2', {id: 'episode-title', text: 'Episode ' + e.task + ', trial ' + e.trial + ' (' + run.label + ')'}));
  box.append(el('p', {}, pill(e.verdict), '  legacy ' + fmt(e.legacy) + ' · shaped outcome ' + fmt(e.outcome) + ' · process '
    + fmt(e.process) + ' · reward ' + fmt(e.reward) + ' · safety ' + (e.safety === false ? 'FAILED' : 'passed')));
  box.append(el('div', {class: 'why'}, el('strong', {text: 'Why: '}), e.why));
  if (e.error) box.append(el('p', {class: 'bad', text: 'Not scored: ' + e.status + ': ' + e.error}));
  if (e.instruction) box.append(el('details', {}, el('summary', {text: 'The simulated user\'s instruction'}), el('pre', {text: e.instruction})));
  if (e.prompt !== null && e.prompt !== undefined) box.append(el('details', {}, el('summary', {text: 'The agent\'s system prompt (the policy)'}), el('pre', {text: DATA.prompts[e.prompt]})));
  const gates = e.gates.map(g => [el('span', {class: 'bad', text: g.id}), g.source || '', g.step, g.evidence]);
  box.append(section('Safety gates that fired', gates.length ? table(['gate', 'source', 'step', 'evidence'], gates) : el('p', {class: 'good', text: 'none: safety passed'})));
  if (e.rules.length) box.append(section('Policy rules broken', table(['rule', 'step', 'evidence'], e.rules.map(r => [r.id, r.step, r.evidence]))));
  if (e.invariants.length) box.append(section('Money (conservation invariants)', table(['invariant', 'total given', 'disputed amount', 'tolerance', 'cap', 'holds'],
    e.invariants.map(i => [i.id, i.total, i.disputed_amount, i.tolerance, i.cap, el('span', {class: i.holds ? 'good' : 'bad', text: i.holds ? 'yes' : 'no'})]))));
  if (e.classes.length) box.append(section('Equivalence classes (any valid member is right)', table(['class', 'ground truth\'s choice valid', 'this episode\'s choice valid'],
    e.classes.map(c => [c.id, c.expected_valid ? 'yes' : 'no', el('span', {class: c.actual_valid ? 'good' : 'bad', text: c.actual_valid ? 'yes' : 'no'})]))));
  box.append(section('Final state vs the ground truth\'s (canonical diff)', e.diff.length ? table(['path', 'expected', 'actual'],
    e.diff.map(d => [d.path, JSON.stringify(d.expected), JSON.stringify(d.actual)])) : el('p', {text: 'no difference'})));
  if (e.outputs.length) box.append(section('Output checks', table(['check', 'passed', 'evidence'],
    e.outputs.map(o => [o.id, el('span', {class: o.passed ? 'good' : 'bad', text: o.passed ? 'yes' : 'no'}), o.evidence || '']))));
  if (e.checkpoints.length) box.append(section('Process checkpoints', table(['checkpoint', 'weight', 'satisfied', 'step', 'evidence'],
    e.checkpoints.map(c => [c.id, c.weight, c.satisfied ? 'yes' : 'no', c.step, c.evidence || '']))));
  const conv = el('table', {class: 'conversation'});
  conv.append(el('thead', {}, el('tr', {}, el('th', {text: 'step'}), el('th', {text: 'step reward'}), el('th', {text: 'who'}), el('th', {text: 'what'}), el('th', {text: 'what fired'}))));
  const body = el('tbody');
  e.turns.forEach(t => {
    const tr = el('tr', {class: 'turn role-' + t.role});
    const strip = el('td', {class: 'strip', text: t.reward === undefined || t.reward === null ? '' : fmt(t.reward)});
    if (typeof t.reward === 'number') strip.style.background = 'rgba(40,160,70,' + Math.min(1, Math.abs(t.reward) * 2).toFixed(2) + ')';
    const what = t.role === 'tool' ? el('div', {}, el('code', {text: t.name + '(' + t.args + ')'}), t.result === null ? null : el('details', {}, el('summary', {text: 'result'}), el('pre', {text: t.result})))
                                   : el('pre', {text: t.text});
    const fired = el('td', {});
    (t.marks || []).forEach(m => fired.append(el('span', {class: 'mark mark-' + m.kind, text: m.kind + ' ' + m.id + (m.text ? ': ' + m.text : '')})));
    tr.append(el('td', {class: 'num', text: t.step === undefined ? '' : String(t.step)}), strip, el('td', {class: 'who', text: t.role}), el('td', {}, what), fired);
    body.append(tr);
  });
  conv.append(body);
  box.append(section('The conversation, turn by turn', conv));
  window.scrollTo(0, 0);
}
function route(){
  const m = /^#ep-(\d+)$/.exec(location.hash);
  if (m && EPS[Number(m[1])]) { showEpisode(Number(m[1])); return; }
  document.body.classList.remove('focus');
  document.getElementById('episode').textContent = '';
}
window.addEventListener('hashchange', route);
applyFilters();
route();
document.body.setAttribute('data-ready', '1');
})();
"""
