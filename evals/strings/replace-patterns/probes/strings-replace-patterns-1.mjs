// Probe: `$&` in a string replacement inserts the matched text, even for a string search pattern.
const id = 'strings-replace-patterns-1';
const claims = { A: 'Hello A$&B', B: 'Hello AB', C: 'Hello A&B', D: 'Hello A{name}B' };
const observed = 'Hello {name}'.replace('{name}', 'A$&B');
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
