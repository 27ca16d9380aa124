"""The report's episode view (inline script, part of ``html_assets.SCRIPT``).

``#ep-N`` opens one episode: its verdict and why, every reason in words (the rule's or
check's sentence, the step, the text or value that decided it), the gates, money invariants,
classes, the canonical diff and beside it the raw state difference (what legacy compares,
each path the canonical view drops named with the invariant, class or rules that judge it,
so a legacy 0 always shows what differed), output checks, checkpoints, and the conversation
turn by turn with the step-reward strip and what fired at each step. ``#vs-N-M`` shows two
runs' episodes of one task side by side (stacked on a narrow screen). It uses the list
script's helpers (``el``, ``fmt``, ``pill``, ``table``, ``partner``); every value is set as
text.
"""

EPISODE_SCRIPT = r"""
function withoutStep(text, step){ const head = 'step ' + step + ': '; return step !== null && step !== undefined && text.startsWith(head) ? text.slice(head.length) : text; }
function section(title, node){ return node ? el('div', {}, el('h3', {text: title}), node) : null; }
function yes(ok){ return el('span', {class: ok ? 'good' : 'bad', text: ok ? 'yes' : 'no'}); }
function diffs(e){
  const out = el('div', {});
  const canon = e.diff.length ? table(['path', 'expected', 'actual'], e.diff.map(d => [d.path, JSON.stringify(d.expected), JSON.stringify(d.actual)]), {}, [0, 1, 2])
    : el('p', {text: e.legacy ? 'no difference' : 'no difference once canonical: what legacy saw is the raw difference below'});
  out.append(section('Final state vs the ground truth\'s (canonical diff)', canon));
  if (e.raw) {
    const raw = el('div', {class: 'raw-diff'}, el('p', {class: 'note', text: e.raw.note}));
    if (e.raw.diff.length) raw.append(table(['path', 'expected', 'actual', 'the canonical view'],
      e.raw.diff.map(d => [d.path, JSON.stringify(d.expected), JSON.stringify(d.actual), d.owner]), {class: 'raw'}, [0, 1, 2, 3]));
    out.append(section('Final state vs the ground truth\'s, raw (what legacy compares)', raw));
  }
  return out;
}
function conversation(e){
  const conv = el('table', {class: 'conversation'});
  conv.append(el('thead', {}, el('tr', {}, el('th', {text: 'step'}), el('th', {text: 'step reward'}), el('th', {text: 'who'}), el('th', {text: 'what'}), el('th', {text: 'what fired'}))));
  const body = el('tbody');
  e.turns.forEach(t => {
    const tr = el('tr', {class: 'turn role-' + t.role});
    const strip = el('td', {class: 'strip', text: t.reward === undefined || t.reward === null ? '' : fmt(t.reward)});
    if (typeof t.reward === 'number') strip.style.background = 'rgba(40,160,70,' + Math.min(1, Math.abs(t.reward) * 2).toFixed(2) + ')';
    const what = t.role === 'tool' ? el('div', {}, el('code', {text: t.name + '(' + t.args + ')'}), t.result === null ? null : el('details', {}, el('summary', {text: 'result'}), el('pre', {text: t.result})))
                                   : el('pre', {text: t.text});
    const fired = el('td', {class: 'fired'});
    (t.marks || []).forEach(m => fired.append(el('span', {class: 'mark mark-' + m.kind, text: m.kind + ' ' + m.id + (m.text ? ': ' + m.text : '')})));
    tr.append(el('td', {class: 'num', text: t.step === undefined ? '' : String(t.step)}), strip, el('td', {class: 'who', text: t.role}), el('td', {class: 'what'}, what), fired);
    body.append(tr);
  });
  conv.append(body);
  return scroll(conv);
}
function renderEpisode(e, titleId){
  const run = DATA.runs[e.run], box = el('div', {class: 'episode-view', 'data-n': String(e.n)});
  box.append(el('h2', {id: titleId, text: 'Episode ' + e.task + ', trial ' + e.trial + ' (' + run.label + ')'}));
  box.append(el('p', {}, pill(e.verdict), '  legacy ' + fmt(e.legacy) + ' · shaped outcome ' + fmt(e.outcome) + ' · process '
    + fmt(e.process) + ' · reward ' + fmt(e.reward) + ' · safety ' + (e.safety === false ? 'FAILED' : 'passed')));
  box.append(el('div', {class: 'why'}, el('strong', {text: 'Why: '}), e.why));
  const words = el('ul', {class: 'reason-words', style: 'overflow-wrap:anywhere;padding-left:1.2em'});
  (e.reasons || []).forEach(r => {
    const says = typeof r.says === 'number' ? (DATA.sentences || [])[r.says] || '' : String(r.says || '');
    const at = r.step === null || r.step === undefined ? '' : ' (step ' + r.step + ')';
    words.append(el('li', {}, el('strong', {text: r.label}), at + ': ' + says, el('br'), 'What decided it: ', el('code', {text: withoutStep(r.evidence || '', r.step)})));
  });
  if (words.childElementCount) box.append(section('Why, in words', words));
  if (e.error) box.append(el('p', {class: 'bad', text: 'Not scored: ' + e.status + ': ' + e.error}));
  if (e.instruction) box.append(el('details', {}, el('summary', {text: 'The simulated user\'s instruction'}), el('pre', {text: e.instruction})));
  if (e.prompt !== null && e.prompt !== undefined) box.append(el('details', {}, el('summary', {text: 'The agent\'s system prompt (the policy)'}), el('pre', {text: DATA.prompts[e.prompt]})));
  const gates = e.gates.map(g => [el('span', {class: 'bad', text: g.id}), g.source || '', g.step, g.evidence]);
  box.append(section('Safety gates that fired', gates.length ? table(['gate', 'source', 'step', 'evidence'], gates, {}, [3]) : el('p', {class: 'good', text: 'none: safety passed'})));
  if (e.invariants.length) box.append(section('Money (conservation invariants)', table(['invariant', 'total given', 'disputed amount', 'tolerance', 'cap', 'holds'],
    e.invariants.map(i => [i.id, i.total, i.disputed_amount, i.tolerance, i.cap, yes(i.holds)]))));
  if (e.classes.length) box.append(section('Equivalence classes (any valid member is right)', table(['class', 'ground truth\'s choice valid', 'this episode\'s choice valid'],
    e.classes.map(c => [c.id, c.expected_valid ? 'yes' : 'no', yes(c.actual_valid)]))));
  box.append(diffs(e));
  if (e.outputs.length) box.append(section('Output checks', table(['check', 'passed', 'evidence'], e.outputs.map(o => [o.id, yes(o.passed), o.evidence || '']), {}, [2])));
  if (e.checkpoints.length) box.append(section('Process checkpoints', table(['checkpoint', 'weight', 'satisfied', 'step', 'evidence'],
    e.checkpoints.map(c => [c.id, c.weight, c.satisfied ? 'yes' : 'no', c.step, c.evidence || '']), {}, [4])));
  box.append(section('The conversation, turn by turn', conversation(e)));
  return box;
}
function openView(){
  const box = document.getElementById('episode');
  box.textContent = '';
  document.body.classList.add('focus');
  box.append(el('a', {class: 'back', href: '#', text: '← all runs and episodes'}));
  return box;
}
function showEpisode(n){
  const e = EPS[n], box = openView();
  const other = partner(e);
  if (other) box.append(el('p', {}, el('a', {href: '#vs-' + e.n + '-' + other.n, class: 'pair-link',
    text: 'Side by side with ' + DATA.runs[other.run].label + ' (trial ' + other.trial + ')'})));
  box.append(renderEpisode(e, 'episode-title'));
  window.scrollTo(0, 0);
}
function showPair(a, b){
  const box = openView();
  box.append(el('h2', {id: 'pair-title', text: 'Task ' + EPS[a].task + ': ' + DATA.runs[EPS[a].run].label + ' beside ' + DATA.runs[EPS[b].run].label}));
  box.append(el('div', {class: 'pair'}, renderEpisode(EPS[a], 'pair-left'), renderEpisode(EPS[b], 'pair-right')));
  window.scrollTo(0, 0);
}
"""
