// Probe: `$$` collapses in a string replacement but not in a replacer function's result.
const id = 'strings-replace-patterns-2';
const claims = { A: '["$","$$"]', B: '["$$","$$"]', C: '["$","$"]', D: '["$$","$"]' };
const observed = JSON.stringify(['A'.replace('A', '$$'), 'A'.replace('A', () => '$$')]);
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
